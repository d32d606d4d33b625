//! Century's card tables, from `data/century/cards.json`.

use serde::Deserialize;
use std::fmt::Write as _;
use std::{fs, path::Path};

#[derive(Deserialize)]
struct Data {
    merchant_cards: Vec<Merchant>,
    golem_cards: Vec<Golem>,
}

#[derive(Deserialize)]
struct Merchant {
    id: usize,
    name: String,
    kind: String,
    starting: bool,
    gain: Option<[u8; 4]>,
    upgrades: Option<u8>,
    pay: Option<[u8; 4]>,
    get: Option<[u8; 4]>,
}

#[derive(Deserialize)]
struct Golem {
    id: usize,
    name: String,
    points: u8,
    cost: [u8; 4],
}

fn lanes(v: [u8; 4]) -> String {
    format!("Crystals::new({}, {}, {}, {})", v[0], v[1], v[2], v[3])
}

/// Writes `century_cards.rs` into `out_dir`.
pub fn generate(out_dir: &Path) {
    let src = "data/century/cards.json";
    println!("cargo:rerun-if-changed={src}");
    let data: Data = serde_json::from_str(&fs::read_to_string(src).expect("card data"))
        .expect("card data is valid JSON");
    let mut out = String::new();
    writeln!(
        out,
        "pub const MERCHANTS: [MerchantCard; {}] = [",
        data.merchant_cards.len()
    )
    .unwrap();
    for (i, m) in data.merchant_cards.iter().enumerate() {
        assert_eq!(m.id, i, "merchant ids are dense");
        let effect = match m.kind.as_str() {
            "crystals" => format!("Effect::Gain({})", lanes(m.gain.unwrap())),
            "upgrade" => format!("Effect::Upgrade({})", m.upgrades.unwrap()),
            "trade" => format!(
                "Effect::Trade {{ pay: {}, get: {} }}",
                lanes(m.pay.unwrap()),
                lanes(m.get.unwrap())
            ),
            other => panic!("unknown merchant kind {other}"),
        };
        writeln!(
            out,
            "    MerchantCard {{ name: {:?}, starting: {}, effect: {effect} }},",
            m.name, m.starting
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(
        out,
        "pub const GOLEMS: [GolemCard; {}] = [",
        data.golem_cards.len()
    )
    .unwrap();
    for (i, g) in data.golem_cards.iter().enumerate() {
        assert_eq!(g.id, i, "golem ids are dense");
        writeln!(
            out,
            "    GolemCard {{ name: {:?}, points: {}, cost: {} }},",
            g.name,
            g.points,
            lanes(g.cost)
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
    let dest = out_dir.join("century_cards.rs");
    fs::write(dest, out).unwrap();
}
