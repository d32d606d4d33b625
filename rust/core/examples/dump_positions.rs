// temporary dev tool: random positions with their legal texts and perft(2) as JSON lines
use golem_core::games::century::position::{read_position, write_position};
use golem_core::games::century::Century;
use golem_core::perft::perft;
use golem_core::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args[1].parse().unwrap();
    let seed: u64 = args[2].parse().unwrap();
    let depth: u32 = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(2);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    for i in 0..count {
        let players = 2 + i % 4;
        let mut state = Century::new_game(players, &mut rng);
        let hide = i % 2 == 1;
        if hide {
            let text: String = write_position(&state)
                .unwrap()
                .lines()
                .filter(|l| !l.starts_with("deck"))
                .map(|l| format!("{l}\n"))
                .collect();
            state = read_position(&text).unwrap();
        }
        let plies = rng.random_range(0..150);
        for _ in 0..plies {
            if state.is_terminal() {
                break;
            }
            state.legal_actions(&mut actions);
            if actions.is_empty() {
                break;
            }
            let a = actions[rng.random_range(0..actions.len())];
            state.apply(a);
        }
        if state.turn() == golem_core::Turn::Chance {
            state.legal_actions(&mut actions);
            let a = actions[rng.random_range(0..actions.len())];
            state.apply(a);
        }
        state.legal_actions(&mut actions);
        let mut texts: Vec<String> = actions.iter().map(|&a| state.action_to_text(a)).collect();
        texts.sort();
        let toml = write_position(&state).unwrap();
        let p = perft(&state, depth);
        println!("{}", serde_json_line(&toml, &texts, p));
    }
}

fn esc(s: &str) -> String {
    format!(
        "\"{}\"",
        s.replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('\n', "\\n")
    )
}
fn serde_json_line(toml: &str, texts: &[String], perft: u64) -> String {
    let t: Vec<String> = texts.iter().map(|s| esc(s)).collect();
    format!(
        "{{\"toml\": {}, \"texts\": [{}], \"perft\": {}}}",
        esc(toml),
        t.join(","),
        perft
    )
}
