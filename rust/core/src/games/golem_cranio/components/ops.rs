//! The closed effect vocabulary (spec §2.4): ops, cost items and Development abilities,
//! parsed into typed values with every parameter checked.

use serde_json::Value;

use super::reader::{field_path, index_path, Object, Reader};
use super::vocab::{
    AbilityName, Area, CostItemName, Counter, District, GolemsMoved, MoveDir, OpName, Resource,
    StudentChoice, TrackDir, Trigger, Vocab,
};

/// A list of ops resolved in order.
pub type Effect = Vec<Op>;

/// One op of an effect, with its parameters (spec §2.4 says how each resolves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Gain {
        res: Resource,
        n: u8,
    },
    GainPer {
        res: Resource,
        n: u8,
        per: Counter,
    },
    Study {
        n: u8,
    },
    Student {
        district: District,
        n: u8,
    },
    StudentAny {
        n: u8,
        distinct: bool,
    },
    GolemTrack {
        n: u8,
        dir: TrackDir,
    },
    CreateGolem {
        discount: u8,
    },
    KillGolem,
    Activate {
        n: u8,
    },
    MoveGolems {
        steps: u8,
        dir: MoveDir,
        golems: GolemsMoved,
        then_activate: bool,
    },
    Upgrade {
        area: Area,
        discount: u8,
        any_resource: bool,
    },
    BuyBook {
        discount: u8,
        ignore_card_cost: bool,
    },
    BookActive {
        n: u8,
    },
    ArtifactActivate {
        n: u8,
    },
    StudentIncome,
    DrawObjectives {
        draw: u8,
        keep: u8,
    },
    UseNeighborhood,
    NoControlCost,
    Convert {
        cost: Vec<CostItem>,
        then: Effect,
    },
    Choice {
        options: Vec<Effect>,
    },
}

/// Something paid: resources, a Student step back or Study steps down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostItem {
    /// `n` of a resource other than Gold.
    Res { res: Resource, n: u8 },
    /// One Student 1 section back (not below I).
    StudentBack(StudentChoice),
    /// The Study marker `n` spaces down (not below the first space).
    StudyDown(u8),
}

/// A standing ability of a Development tile (spec §2.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ability {
    ControlCap { n: u8 },
    CemeteryMultiplier { n: u8 },
    WorkFreeActivations { n: u8 },
    MayIgnoreCharacterSteps,
    OnCreate { step: u8, activate_standing: bool },
    OnBookHere { ops: Effect },
    DoubleImmediateHere { except_black: bool },
    ColumnLimitBonus { n: u8 },
    Income { ops: Effect },
    ArtifactTrigger { trigger: Trigger },
    ArtifactBoost { ops: Effect },
}

/// The largest amount any op or cost names; larger numbers are surely typos.
const MAX_AMOUNT: u8 = 30;

fn op_params(op: OpName) -> &'static [&'static str] {
    match op {
        OpName::Gain => &["res", "n"],
        OpName::GainPer => &["res", "n", "per"],
        OpName::Study | OpName::Activate | OpName::BookActive | OpName::ArtifactActivate => &["n"],
        OpName::Student => &["district", "n"],
        OpName::StudentAny => &["n", "distinct"],
        OpName::GolemTrack => &["n", "dir"],
        OpName::CreateGolem => &["discount"],
        OpName::KillGolem
        | OpName::StudentIncome
        | OpName::UseNeighborhood
        | OpName::NoControlCost => &[],
        OpName::MoveGolems => &["steps", "dir", "golems", "then_activate"],
        OpName::Upgrade => &["area", "discount", "any_resource"],
        OpName::BuyBook => &["discount", "ignore_card_cost"],
        OpName::DrawObjectives => &["draw", "keep"],
        OpName::Convert => &["cost", "then"],
        OpName::Choice => &["options"],
    }
}

fn ability_params(ability: AbilityName) -> &'static [&'static str] {
    match ability {
        AbilityName::ControlCap
        | AbilityName::CemeteryMultiplier
        | AbilityName::WorkFreeActivations
        | AbilityName::ColumnLimitBonus => &["n"],
        AbilityName::MayIgnoreCharacterSteps => &[],
        AbilityName::OnCreate => &["step", "activate_standing"],
        AbilityName::OnBookHere | AbilityName::Income | AbilityName::ArtifactBoost => &["ops"],
        AbilityName::DoubleImmediateHere => &["except_black"],
        AbilityName::ArtifactTrigger => &["trigger"],
    }
}

/// The parameters of one op, ability or cost item, read by name.
struct Params<'a, 'r> {
    r: &'r mut Reader,
    map: &'a Object,
    path: &'a str,
}

impl Params<'_, '_> {
    fn small(&mut self, key: &str, min: u8, max: u8) -> u8 {
        self.r
            .with_field(self.map, self.path, key, |r, v, p| r.small(v, p, min, max))
    }

    fn word<T: Vocab + Default>(&mut self, key: &str) -> T {
        self.r.with_field(self.map, self.path, key, |r, v, p| {
            r.word::<T>(v, p).unwrap_or_default()
        })
    }

    fn flag(&mut self, key: &str) -> bool {
        self.r
            .with_field(self.map, self.path, key, |r, v, p| r.boolean(v, p))
    }

    fn ops(&mut self, key: &str) -> Effect {
        self.r.with_field(self.map, self.path, key, read_effect)
    }
}

/// An effect: a list of ops.
pub(super) fn read_effect(r: &mut Reader, value: &Value, path: &str) -> Effect {
    let items = r.array(value, path);
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| read_op(r, item, &index_path(path, i)))
        .collect()
}

/// An effect that must do something (the `then` of a conversion, an option of a choice).
fn read_nonempty_effect(r: &mut Reader, value: &Value, path: &str) -> Effect {
    let effect = read_effect(r, value, path);
    if matches!(value, Value::Array(items) if items.is_empty()) {
        r.error(path, "expected at least 1 op");
    }
    effect
}

fn read_op(r: &mut Reader, value: &Value, path: &str) -> Option<Op> {
    let map = r.object(value, path)?;
    let name_path = field_path(path, "op");
    let name_value = r.field(map, path, "op")?;
    let name: OpName = r.word(name_value, &name_path)?;
    let mut allowed = vec!["op"];
    allowed.extend_from_slice(op_params(name));
    r.only_fields(map, path, &allowed, &format!("{} parameter", name.name()));
    let mut p = Params { r, map, path };
    let op = match name {
        OpName::Gain => Op::Gain {
            res: p.word("res"),
            n: p.small("n", 1, MAX_AMOUNT),
        },
        OpName::GainPer => Op::GainPer {
            res: p.word("res"),
            n: p.small("n", 1, 10),
            per: p.word("per"),
        },
        OpName::Study => Op::Study {
            n: p.small("n", 1, 20),
        },
        OpName::Student => Op::Student {
            district: p.word("district"),
            n: p.small("n", 1, 9),
        },
        // The notation has texts for one and two Student steps only (`student <d>`,
        // `students <d> <d>`, spec §9), so a larger `n` could not be written.
        OpName::StudentAny => Op::StudentAny {
            n: p.small("n", 1, 2),
            distinct: p.flag("distinct"),
        },
        OpName::GolemTrack => Op::GolemTrack {
            n: p.small("n", 1, 19),
            dir: p.word("dir"),
        },
        OpName::CreateGolem => Op::CreateGolem {
            discount: p.small("discount", 0, MAX_AMOUNT),
        },
        OpName::KillGolem => Op::KillGolem,
        OpName::Activate => Op::Activate {
            n: p.small("n", 1, 6),
        },
        OpName::MoveGolems => Op::MoveGolems {
            steps: p.small("steps", 1, 54),
            dir: p.word("dir"),
            golems: p.word("golems"),
            then_activate: p.flag("then_activate"),
        },
        OpName::Upgrade => Op::Upgrade {
            area: p.word("area"),
            discount: p.small("discount", 0, MAX_AMOUNT),
            any_resource: p.flag("any_resource"),
        },
        OpName::BuyBook => Op::BuyBook {
            discount: p.small("discount", 0, MAX_AMOUNT),
            ignore_card_cost: p.flag("ignore_card_cost"),
        },
        OpName::BookActive => Op::BookActive {
            n: p.small("n", 1, 25),
        },
        OpName::ArtifactActivate => Op::ArtifactActivate {
            n: p.small("n", 1, 4),
        },
        OpName::StudentIncome => Op::StudentIncome,
        OpName::DrawObjectives => {
            let draw = p.small("draw", 1, 27);
            let keep = p.small("keep", 1, 27);
            if draw > 0 && keep > draw {
                p.r.error(
                    &field_path(path, "keep"),
                    format!("keeps more cards than it draws ({keep} > {draw})"),
                );
            }
            Op::DrawObjectives { draw, keep }
        }
        OpName::UseNeighborhood => Op::UseNeighborhood,
        OpName::NoControlCost => Op::NoControlCost,
        OpName::Convert => {
            let cost = p.r.with_field(map, path, "cost", read_cost);
            Op::Convert {
                cost,
                then: p.r.with_field(map, path, "then", read_nonempty_effect),
            }
        }
        OpName::Choice => Op::Choice {
            options: p.r.with_field(map, path, "options", read_options),
        },
    };
    if decision_depth(std::slice::from_ref(&op)) > MAX_DECISION_DEPTH {
        r.error(
            path,
            format!("conversions and choices nest at most {MAX_DECISION_DEPTH} deep"),
        );
    }
    Some(op)
}

/// How deep conversions and choices may nest: the engine's effect stack addresses an op
/// by a path of this many nested lists.
const MAX_DECISION_DEPTH: usize = 2;

/// The deepest nesting of conversions and choices in `effect` (0 when it has none).
fn decision_depth(effect: &[Op]) -> usize {
    effect
        .iter()
        .map(|op| match op {
            Op::Convert { then, .. } => 1 + decision_depth(then),
            Op::Choice { options } => {
                1 + options.iter().map(|o| decision_depth(o)).max().unwrap_or(0)
            }
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

fn read_options(r: &mut Reader, value: &Value, path: &str) -> Vec<Effect> {
    let items = r.array(value, path);
    if matches!(value, Value::Array(_)) && items.len() < 2 {
        r.error(
            path,
            format!("expected at least 2 options, got {}", items.len()),
        );
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| read_nonempty_effect(r, item, &index_path(path, i)))
        .collect()
}

/// A list of at least one cost item.
pub(super) fn read_cost(r: &mut Reader, value: &Value, path: &str) -> Vec<CostItem> {
    let items = r.array(value, path);
    if matches!(value, Value::Array(_)) && items.is_empty() {
        r.error(path, "expected at least 1 cost item");
    }
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| read_cost_item(r, item, &index_path(path, i)))
        .collect()
}

fn read_cost_item(r: &mut Reader, value: &Value, path: &str) -> Option<CostItem> {
    let map = r.object(value, path)?;
    let kinds: Vec<CostItemName> = map
        .keys()
        .filter_map(|k| CostItemName::from_name(k))
        .collect();
    let [kind] = kinds[..] else {
        r.error(
            path,
            "expected a cost item: {\"res\", \"n\"}, {\"student_back\"} or {\"study_down\"}",
        );
        return None;
    };
    let mut p = Params { r, map, path };
    match kind {
        CostItemName::Res => {
            p.r.only_fields(map, path, &["res", "n"], "cost item field");
            let res: Resource = p.word("res");
            if res == Resource::Gold {
                p.r.error(
                    &field_path(path, "res"),
                    "Gold cannot be paid (expected \"clay\", \"coin\", \"knowledge\" or \"vp\")",
                );
            }
            Some(CostItem::Res {
                res,
                n: p.small("n", 1, MAX_AMOUNT),
            })
        }
        CostItemName::StudentBack => {
            p.r.only_fields(map, path, &["student_back"], "cost item field");
            Some(CostItem::StudentBack(p.word("student_back")))
        }
        CostItemName::StudyDown => {
            p.r.only_fields(map, path, &["study_down"], "cost item field");
            Some(CostItem::StudyDown(p.small("study_down", 1, 20)))
        }
    }
}

/// A list of abilities.
pub(super) fn read_abilities(r: &mut Reader, value: &Value, path: &str) -> Vec<Ability> {
    let items = r.array(value, path);
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| read_ability(r, item, &index_path(path, i)))
        .collect()
}

fn read_ability(r: &mut Reader, value: &Value, path: &str) -> Option<Ability> {
    let map = r.object(value, path)?;
    let name_path = field_path(path, "ability");
    let name_value = r.field(map, path, "ability")?;
    let name: AbilityName = r.word(name_value, &name_path)?;
    let mut allowed = vec!["ability"];
    allowed.extend_from_slice(ability_params(name));
    r.only_fields(map, path, &allowed, &format!("{} parameter", name.name()));
    let mut p = Params { r, map, path };
    Some(match name {
        AbilityName::ControlCap => Ability::ControlCap {
            n: p.small("n", 0, 20),
        },
        AbilityName::CemeteryMultiplier => Ability::CemeteryMultiplier {
            n: p.small("n", 1, 5),
        },
        AbilityName::WorkFreeActivations => Ability::WorkFreeActivations {
            n: p.small("n", 1, 6),
        },
        AbilityName::MayIgnoreCharacterSteps => Ability::MayIgnoreCharacterSteps,
        AbilityName::OnCreate => Ability::OnCreate {
            step: p.small("step", 0, 9),
            activate_standing: p.flag("activate_standing"),
        },
        AbilityName::OnBookHere => Ability::OnBookHere { ops: p.ops("ops") },
        AbilityName::DoubleImmediateHere => Ability::DoubleImmediateHere {
            except_black: p.flag("except_black"),
        },
        AbilityName::ColumnLimitBonus => Ability::ColumnLimitBonus {
            n: p.small("n", 1, 4),
        },
        AbilityName::Income => Ability::Income { ops: p.ops("ops") },
        AbilityName::ArtifactTrigger => Ability::ArtifactTrigger {
            trigger: p.word("trigger"),
        },
        AbilityName::ArtifactBoost => Ability::ArtifactBoost { ops: p.ops("ops") },
    })
}
