//! Fuzz driver for the Century parsers, the Merchant Explorers map reader and the Golem
//! components reader, run on demand (CI runs the same inputs, fewer of them, as property
//! tests: `tests/parsers_*.rs`, `tests/fuzz_corpus.rs` for the readers).
//!
//! ```sh
//! cargo run --release -p golem-core --example fuzz -- --parser position --cases 1000000 --seed 1
//! cargo run --release -p golem-core --example fuzz -- --parser move --cases 1000000 --seed 1
//! cargo run --release -p golem-core --example fuzz -- --parser map --cases 1000000 --seed 1
//! cargo run --release -p golem-core --example fuzz -- --parser components --cases 1000000 --seed 1
//! ```
//!
//! Each case is made from its own seed (`--seed` and the case number), so a case is
//! reproduced by its seed. A case fails when the parser panics, breaks a property (see
//! `tests/fuzz_support/mod.rs`) or takes longer than `--hang-ms` (default 5000; a
//! watchdog thread ends the run if a case never returns). Failing inputs are written to
//! `--save DIR` (default `rust/core/tests/fuzz-corpus`), one file per case, which the test
//! `tests/fuzz_corpus.rs` replays. `--case-seed HEX` reruns one case (its seed as printed).
//! The exit status is 1 when anything failed.

#[path = "../tests/fuzz_support/mod.rs"]
mod fuzz_support;

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fuzz_support::{
    check_components, check_map, check_move, check_position, components_input, corpus_dir,
    map_input, move_input, move_states, position_input, seed_positions,
};
use golem_core::games::century::position::write_position;

struct Options {
    parser: String,
    cases: u64,
    seed: u64,
    save: PathBuf,
    hang: Duration,
    /// Run only this case (its seed as printed, hex).
    case_seed: Option<u64>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        parser: String::new(),
        cases: 100_000,
        seed: 0,
        save: corpus_dir(),
        hang: Duration::from_millis(5000),
        case_seed: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--parser" => options.parser = value()?,
            "--cases" => options.cases = value()?.parse().map_err(|e| format!("--cases: {e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--save" => options.save = PathBuf::from(value()?),
            "--case-seed" => {
                let text = value()?;
                let hex = text.trim_start_matches("0x");
                let seed = u64::from_str_radix(hex, 16).map_err(|e| format!("--case-seed: {e}"))?;
                options.case_seed = Some(seed);
            }
            "--hang-ms" => {
                let ms = value()?.parse().map_err(|e| format!("--hang-ms: {e}"))?;
                options.hang = Duration::from_millis(ms);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if !matches!(
        options.parser.as_str(),
        "position" | "move" | "map" | "components"
    ) {
        return Err("--parser position|move|map|components is required".to_string());
    }
    Ok(options)
}

/// The seed of case `i` of a run (splitmix64 of the run seed and the case number).
fn case_seed(run: u64, i: u64) -> u64 {
    let mut z = run
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(i.wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The input being checked, for the watchdog to save if it never returns.
struct Current {
    started_ms: AtomicU64,
    input: Mutex<(String, String)>,
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("usage: fuzz --parser position|move|map|components [--cases N] [--seed S] [--case-seed HEX] [--save DIR] [--hang-ms MS]");
            return ExitCode::from(2);
        }
    };
    let seeds = seed_positions();
    let states = if options.parser == "move" {
        move_states(&seeds)
    } else {
        Vec::new()
    };
    std::fs::create_dir_all(&options.save).expect("corpus directory");

    // Panics are counted and saved, not printed one by one.
    let last_panic: Arc<Mutex<String>> = Arc::default();
    {
        let last_panic = Arc::clone(&last_panic);
        panic::set_hook(Box::new(move |info| {
            *last_panic.lock().unwrap() = info.to_string();
        }));
    }

    let start = Instant::now();
    let current = Arc::new(Current {
        started_ms: AtomicU64::new(u64::MAX),
        input: Mutex::new((String::new(), String::new())),
    });
    {
        let current = Arc::clone(&current);
        let (hang, save) = (options.hang, options.save.clone());
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(250));
            let began = current.started_ms.load(Ordering::Relaxed);
            let now = start.elapsed().as_millis() as u64;
            if began != u64::MAX && now.saturating_sub(began) > 4 * hang.as_millis() as u64 {
                let (name, input) = current.input.lock().unwrap().clone();
                let file = save.join(format!("hang-{name}"));
                let _ = std::fs::write(&file, input);
                eprintln!(
                    "HANG: a case ran {} ms; input saved to {}",
                    now - began,
                    file.display()
                );
                std::process::exit(1);
            }
        });
    }

    let (mut accepted, mut failures) = (0u64, 0u64);
    let (mut slowest, mut slowest_seed) = (Duration::ZERO, 0);
    let cases = if options.case_seed.is_some() {
        1
    } else {
        options.cases
    };
    for i in 0..cases {
        let seed = options
            .case_seed
            .unwrap_or_else(|| case_seed(options.seed, i));
        let (name, input, saved) = if options.parser == "position" {
            let text = position_input(&seeds, seed);
            (format!("position-{seed:016x}.toml"), text.clone(), text)
        } else if options.parser == "map" {
            let text = map_input(seed);
            (format!("map-{seed:016x}.txt"), text.clone(), text)
        } else if options.parser == "components" {
            let text = components_input(seed);
            (format!("components-{seed:016x}.json"), text.clone(), text)
        } else {
            let state = &states[(seed % states.len() as u64) as usize];
            let text = move_input(state, seed);
            let position = write_position(state).expect("move states are decision nodes");
            let saved = format!("{position}\n# move:\n{text}");
            (format!("move-{seed:016x}.txt"), text, saved)
        };
        *current.input.lock().unwrap() = (name.clone(), saved.clone());
        let began = Instant::now();
        current
            .started_ms
            .store(start.elapsed().as_millis() as u64, Ordering::Relaxed);
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
            if options.parser == "position" {
                check_position(&input)
            } else if options.parser == "map" {
                check_map(&input)
            } else if options.parser == "components" {
                check_components(&input)
            } else {
                let state = &states[(seed % states.len() as u64) as usize];
                check_move(state, &input)
            }
        }));
        current.started_ms.store(u64::MAX, Ordering::Relaxed);
        let took = began.elapsed();
        if took > slowest {
            (slowest, slowest_seed) = (took, seed);
        }
        let failure = match outcome {
            Ok(Ok(ok)) => {
                accepted += ok as u64;
                (took > options.hang).then(|| format!("slow: {took:?}"))
            }
            Ok(Err(broken)) => Some(format!("property broken: {broken}")),
            Err(_) => Some(format!("panic: {}", last_panic.lock().unwrap())),
        };
        if let Some(why) = failure {
            failures += 1;
            let file = options.save.join(&name);
            std::fs::write(&file, &saved).expect("corpus file");
            let why: String = why.chars().take(400).collect();
            eprintln!(
                "case {i} (seed {seed:#x}): {why}\n  saved to {}",
                file.display()
            );
        }
        if (i + 1) % 100_000 == 0 {
            eprintln!(
                "{} cases, {accepted} accepted, {failures} failures, {:.1} s",
                i + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "parser {} seed {}: {} inputs, {accepted} accepted, {failures} failures, {seconds:.1} s ({:.0} inputs/s), slowest {:.1} ms (case seed {slowest_seed:#x})",
        options.parser,
        options.seed,
        cases,
        cases as f64 / seconds.max(1e-9),
        slowest.as_secs_f64() * 1e3
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
