//! The Guild of Merchant Explorers' card tables, from `data/merchant_explorers/cards.json`
//! (spec §16): explore, investigate and treasure cards, objectives with their checks,
//! tower coins, land bonus and solo decay.

#[path = "merchant_explorers_checks.rs"]
mod checks;

use serde_json::{Map, Value};
use std::fmt::Write as _;
use std::{fs, path::Path};

const QUOTA_KEYS: [&str; 6] = ["mountain", "desert", "grassland", "sea", "land", "any"];
const STEP_FIELDS: [&str; 11] = [
    "max",
    "quota",
    "connected",
    "line",
    "path",
    "same_region",
    "adjacent_to_prev_step",
    "filter",
    "line_from_prev",
    "no_ice",
    "village_lines",
];

fn flag(step: &Map<String, Value>, key: &str) -> bool {
    step.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// `null` = unlimited (255).
fn limit(value: &Value, what: &str) -> u64 {
    match value {
        Value::Null => 255,
        v => v
            .as_u64()
            .filter(|&n| (1..255).contains(&n))
            .unwrap_or_else(|| panic!("{what}: bad limit {v}")),
    }
}

fn step_expr(card: &str, step: &Value) -> String {
    let step = step
        .as_object()
        .unwrap_or_else(|| panic!("{card}: a step is an object"));
    if let Some(key) = step.keys().find(|k| !STEP_FIELDS.contains(&k.as_str())) {
        panic!("{card}: unknown step field {key}");
    }
    let max = limit(&step["max"], card);
    let quota_obj = step["quota"]
        .as_object()
        .unwrap_or_else(|| panic!("{card}: quota"));
    let mut quota = [0u64; 6];
    for (key, value) in quota_obj {
        let i = QUOTA_KEYS
            .iter()
            .position(|k| k == key)
            .unwrap_or_else(|| panic!("{card}: quota key {key}"));
        quota[i] = limit(value, card);
    }
    let filter = match step.get("filter").and_then(Value::as_str) {
        None => "Filter::None",
        Some("city") => "Filter::City",
        Some("coin") => "Filter::Coin",
        Some(other) => panic!("{card}: filter {other}"),
    };
    let (lines, per_line) = match step.get("village_lines") {
        Some(v) => (
            v["lines"].as_u64().expect("lines"),
            v["per_line"].as_u64().expect("per_line"),
        ),
        None => (0, 0),
    };
    format!(
        "Step {{ max: {max}, quota: {quota:?}, connected: {}, line: {}, path: {}, same_region: {}, \
         adjacent_to_prev_step: {}, filter: {filter}, line_from_prev: {}, no_ice: {}, \
         village_lines: {lines}, per_line: {per_line} }}",
        flag(step, "connected"),
        flag(step, "line"),
        flag(step, "path"),
        flag(step, "same_region"),
        flag(step, "adjacent_to_prev_step"),
        flag(step, "line_from_prev"),
        flag(step, "no_ice"),
    )
}

fn steps_expr(card: &str, steps: &Value) -> String {
    let steps = steps.as_array().unwrap_or_else(|| panic!("{card}: steps"));
    assert!((1..=2).contains(&steps.len()), "{card}: one or two steps");
    let items: Vec<String> = steps.iter().map(|s| step_expr(card, s)).collect();
    format!("&[{}]", items.join(", "))
}

fn param(value: &Value) -> checks::Param {
    match value {
        Value::Number(n) => checks::Param::Int(n.as_i64().unwrap_or(-1)),
        Value::String(s) => checks::Param::Str(s.clone()),
        Value::Array(items) => checks::Param::List(
            items
                .iter()
                .map(|i| i.as_str().unwrap_or("").to_string())
                .collect(),
        ),
        _ => checks::Param::Str(String::new()),
    }
}

/// Writes `merchant_explorers_cards.rs` into `out_dir`.
pub fn generate(out_dir: &Path) {
    let src = "data/merchant_explorers/cards.json";
    println!("cargo:rerun-if-changed={src}");
    println!("cargo:rerun-if-changed=build/merchant_explorers_checks.rs");
    let data: Value = serde_json::from_str(&fs::read_to_string(src).expect("card data"))
        .expect("card data is valid JSON");
    let mut out = String::new();

    let explore = data["explore_cards"].as_array().expect("explore_cards");
    writeln!(
        out,
        "pub const EXPLORE: [ExploreCard; {}] = [",
        explore.len()
    )
    .unwrap();
    for card in explore {
        let id = card["id"].as_str().expect("id");
        let (era_card, steps) = match card.get("era_card") {
            Some(e) => (e.as_u64().expect("era_card"), "&[]".to_string()),
            None => (0, steps_expr(id, &card["steps"])),
        };
        writeln!(
            out,
            "    ExploreCard {{ name: {id:?}, era_card: {era_card}, steps: {steps} }},"
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();

    let investigate = data["investigate_cards"]
        .as_array()
        .expect("investigate_cards");
    writeln!(
        out,
        "pub const INVESTIGATE: [InvestigateCard; {}] = [",
        investigate.len()
    )
    .unwrap();
    for card in investigate {
        let id = card["id"].as_str().expect("id");
        let bonus = card.get("bonus");
        let get = |key: &str| {
            bonus
                .and_then(|b| b.get(key))
                .and_then(Value::as_u64)
                .unwrap_or(1)
        };
        writeln!(
            out,
            "    InvestigateCard {{ name: {id:?}, steps: {}, coin_multiplier: {}, treasure_per_ruin: {} }},",
            steps_expr(id, &card["steps"]),
            get("coin_multiplier"),
            get("treasure_per_ruin"),
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();

    let treasure = data["treasure_cards"].as_array().expect("treasure_cards");
    writeln!(
        out,
        "pub const TREASURE: [TreasureKind; {}] = [",
        treasure.len()
    )
    .unwrap();
    for card in treasure {
        writeln!(
            out,
            "    TreasureKind {{ name: {:?}, count: {} }},",
            card["id"].as_str().expect("id"),
            card["count"].as_u64().expect("count")
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();

    let towers: Vec<u64> = data["tower_coins"]
        .as_array()
        .expect("tower_coins")
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    writeln!(
        out,
        "pub const TOWER_COINS: [u16; {}] = {towers:?};",
        towers.len()
    )
    .unwrap();
    let bonus = &data["land_bonus"];
    let mut table = vec![0u64; 14];
    for (lands, slot) in table.iter_mut().enumerate().skip(6) {
        let key = if lands >= 13 {
            "13+".to_string()
        } else {
            lands.to_string()
        };
        *slot = bonus[key.as_str()].as_u64().expect("land bonus entry");
    }
    writeln!(
        out,
        "/// Index: lands reached (13 = 13 or more).\npub const LAND_BONUS: [u16; 14] = {table:?};"
    )
    .unwrap();

    let era_card = |name: &Value| -> u64 {
        match name.as_str() {
            None => 0,
            Some(id) => explore
                .iter()
                .find(|c| c["id"] == id)
                .and_then(|c| c["era_card"].as_u64())
                .expect("decay names an era card"),
        }
    };
    let decay = &data["solo_decay"];
    write!(out, "/// Per dealt slot: (era card from whose reveal it pays `second`, ... nothing); 0 = never.\npub const SOLO_DECAY: [(u8, u8); 3] = [").unwrap();
    for slot in ["o1", "o2", "o3"] {
        write!(
            out,
            "({}, {}), ",
            era_card(&decay[slot]["second_only_from"]),
            era_card(&decay[slot]["nothing_from"])
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();

    let objectives = data["objectives"].as_object().expect("objectives");
    let mut rows = Vec::new();
    for (map, cards) in objectives.iter().filter(|(k, _)| !k.starts_with('_')) {
        for card in cards.as_array().expect("objective list") {
            let id = card["id"].as_str().expect("objective id");
            assert!(
                id.starts_with(map.as_str()),
                "{id}: objective ids start with the map id"
            );
            let params: Vec<(String, checks::Param)> = card["params"]
                .as_object()
                .expect("params")
                .iter()
                .map(|(k, v)| (k.clone(), param(v)))
                .collect();
            let check = checks::check_expr(card["check"].as_str().expect("check"), &params)
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            rows.push(format!(
                "    Objective {{ map: {map:?}, name: {id:?}, first: {}, second: {}, check: {check} }},",
                card["first"].as_u64().expect("first"),
                card["second"].as_u64().expect("second"),
            ));
        }
    }
    writeln!(
        out,
        "pub const OBJECTIVES: [Objective; {}] = [\n{}\n];",
        rows.len(),
        rows.join("\n")
    )
    .unwrap();
    fs::write(out_dir.join("merchant_explorers_cards.rs"), out).expect("write card tables");
}
