//! Reliability guarantees outside the parsers: the transposition table's size is refused,
//! never aborted on.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use golem_core::bots;
use golem_core::games::century::position::read_position;
use golem_core::games::century::Century;
use golem_core::search::alphabeta::{try_search, AlphaBetaConfig};
use golem_core::search::tt::{TableError, MAX_HASH_MB};
use golem_core::search::{Limits, StopFlag};

fn position(file: &str) -> Century {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft");
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
    .err()
    .expect("refused");
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
    assert_eq!(
        message,
        format!("{} is outside 1..={MAX_HASH_MB}", MAX_HASH_MB + 1)
    );
    // Above the old cap of 4096 is fine when the machine has the memory.
    let bot = bots::parse::<Century>("alphabeta:hash=4097");
    assert!(bot.is_ok() || bot.err().unwrap().message.contains("memory available"));
}
