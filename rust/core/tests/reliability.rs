//! Reliability guarantees outside the parsers: the transposition table's size is refused,
//! never aborted on, and perft stops when asked.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use golem_core::bots;
use golem_core::games::century::position::read_position;
use golem_core::games::century::Century;
use golem_core::perft::{
    perft, perft_divide, perft_divide_with_stop, perft_with_stop, MAX_PERFT_DEPTH,
};
use golem_core::search::alphabeta::{try_search, AlphaBetaConfig};
use golem_core::search::tt::{TableError, MAX_HASH_MB};
use golem_core::search::{Limits, StopFlag};

fn position(file: &str) -> Century {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft/century");
    let text = std::fs::read_to_string(dir.join(file)).expect(file);
    read_position(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

// ---- transposition table ----------------------------------------------------------------

#[test]
fn an_oversized_table_is_an_error_before_searching() {
    let state = position("start-2p.toml");
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let config = AlphaBetaConfig {
        hash_mb: MAX_HASH_MB + 1,
        ..AlphaBetaConfig::default()
    };
    let mut reports = 0;
    let err = try_search(&state, limits, &config, &StopFlag::new(), &mut |_| {
        reports += 1
    })
    .expect_err("refused");
    assert_eq!(
        err,
        TableError::AboveLimit {
            megabytes: MAX_HASH_MB + 1
        }
    );
    assert_eq!(reports, 0, "nothing was searched");

    let config = AlphaBetaConfig {
        hash_mb: 1,
        ..AlphaBetaConfig::default()
    };
    let result = try_search(&state, limits, &config, &StopFlag::new(), &mut |_| {}).unwrap();
    assert!(result.best.is_some());
}

#[test]
fn bot_specs_share_the_table_limit() {
    let refuse = |text: &str| match bots::parse::<Century>(text) {
        Err(e) => (e.field, e.message),
        Ok(bot) => panic!("{text} was accepted as {}", bot.name()),
    };
    let (field, message) = refuse(&format!("alphabeta:hash={}", MAX_HASH_MB + 1));
    assert_eq!(field, "hash");
    assert_eq!(message, format!("{} is outside 1–65,536", MAX_HASH_MB + 1));
    // Above the old cap of 4096 is fine when the machine has the memory.
    let bot = bots::parse::<Century>("alphabeta:hash=4097");
    assert!(bot.is_ok() || bot.err().unwrap().message.contains("memory available"));
}

// ---- perft --------------------------------------------------------------------------------

#[test]
fn perft_with_stop_counts_like_perft_when_not_stopped() {
    let stop = StopFlag::new();
    for (file, depth) in [("midgame-2p-hidden.toml", 3), ("start-2p.toml", 3)] {
        let state = position(file);
        assert_eq!(
            perft_with_stop(&state, depth, &stop),
            Some(perft(&state, depth))
        );
        assert_eq!(
            perft_divide_with_stop(&state, depth, &stop),
            Some(perft_divide(&state, depth))
        );
    }
}

#[test]
fn a_stop_set_before_the_count_gives_none() {
    let state = position("start-2p.toml");
    let stop = StopFlag::new();
    stop.stop();
    assert_eq!(perft_with_stop(&state, 1, &stop), None);
    assert_eq!(perft_divide_with_stop(&state, 1, &stop), None);
}

/// Counts `depth` plies (far more than can finish) on its own thread and stops it after a
/// moment; the count must end promptly with `None`.
fn stops_promptly(file: &str, depth: u32, divide: bool) {
    let state = position(file);
    let stop = StopFlag::new();
    let counting = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            if divide {
                perft_divide_with_stop(&state, depth, &stop).map(|parts| parts.len() as u64)
            } else {
                perft_with_stop(&state, depth, &stop)
            }
        })
    };
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    stop.stop();
    let result = counting.join().expect("no panic");
    let took = asked.elapsed();
    assert_eq!(result, None, "{file} depth {depth}");
    assert!(took < Duration::from_secs(2), "stopped after {took:?}");
}

#[test]
fn a_deep_perft_stops_when_asked() {
    stops_promptly("start-2p.toml", 1000, false);
    stops_promptly("start-5p-hidden.toml", 1000, true);
    stops_promptly("midgame-2p-hidden.toml", MAX_PERFT_DEPTH, false);
}

#[test]
fn perft_of_a_finished_game_is_one_at_any_depth() {
    let state = position("finished-2p.toml");
    assert_eq!(perft(&state, MAX_PERFT_DEPTH), 1);
    assert_eq!(
        perft_with_stop(&state, MAX_PERFT_DEPTH, &StopFlag::new()),
        Some(1)
    );
}

#[test]
#[should_panic(expected = "perft depth 10001 is above the limit of 10000")]
fn a_depth_above_the_limit_panics_rather_than_exhausting_memory() {
    perft(&position("finished-2p.toml"), MAX_PERFT_DEPTH + 1);
}

/// An empty or cut map text is an error, never a bundled map: bundled maps are found by
/// their id, not by their text (which the interner once kept as "" for them).
#[test]
fn an_empty_or_cut_map_is_refused_not_a_bundled_map() {
    use golem_core::games::merchant_explorers::map;
    assert!(map::intern("").is_err());
    let avenia = map::BUNDLED[0].1;
    let end = avenia.find("\nend").expect("a map ends with `end`");
    assert!(map::intern(&avenia[..end]).is_err(), "cut before its end");
    let dir = std::env::temp_dir().join(format!("golem-maps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let error = map::load(&empty).unwrap_err().to_string();
    assert!(error.starts_with("map empty.txt:"), "{error}");
    let device = map::load(std::path::Path::new("/dev/null")).unwrap_err();
    assert!(
        device.to_string().ends_with("not a regular file"),
        "{device}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
