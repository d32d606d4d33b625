//! Generates each game's tables from its bundled data files, so the engine holds them as
//! `const` arrays (no parsing at run time, no file read by the installed package). One
//! module per game under `build/`.

#[path = "build/century.rs"]
mod century;
#[path = "build/merchant_explorers.rs"]
mod merchant_explorers;

use std::{env, path::PathBuf};

fn main() {
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    century::generate(&out_dir);
    merchant_explorers::generate(&out_dir);
}
