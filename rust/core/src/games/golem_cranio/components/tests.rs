use super::*;

#[test]
fn builtin_loads() {
    let c = Components::builtin();
    println!("{}", c.info.ruleset_line());
}
