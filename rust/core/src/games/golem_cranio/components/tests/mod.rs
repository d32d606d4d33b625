//! Tests of the components layer, and the helpers that edit the builtin JSON for them.

use serde_json::Value;

use super::*;

mod fuzz;
mod refusals;
mod values;

pub(super) fn builtin_value() -> Value {
    serde_json::from_str(BUILTIN_JSON).expect("the builtin file is JSON")
}

/// The problems reported for the builtin file after `edit` (empty if it still loads).
pub(super) fn problems_after(edit: impl FnOnce(&mut Value)) -> Vec<String> {
    let mut value = builtin_value();
    edit(&mut value);
    match Components::from_json(&value.to_string()) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.lines(),
    }
}

pub(super) fn assert_refused(edit: impl FnOnce(&mut Value), expected: &[&str]) {
    assert_eq!(problems_after(edit), expected);
}

/// The node at JSON pointer `pointer` (`/characters/3/cost_coins/value`).
pub(super) fn at<'v>(value: &'v mut Value, pointer: &str) -> &'v mut Value {
    value
        .pointer_mut(pointer)
        .unwrap_or_else(|| panic!("no node at {pointer}"))
}

/// Sets the node at `pointer`, adding the last key to its object if it is new.
pub(super) fn set(pointer: &'static str, new: Value) -> impl FnOnce(&mut Value) {
    move |v| {
        let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
        match at(v, parent) {
            Value::Object(map) => {
                map.insert(key.to_string(), new);
            }
            Value::Array(items) => items[key.parse::<usize>().expect("an index")] = new,
            _ => panic!("{parent} holds no children"),
        }
    }
}

pub(super) fn remove(pointer: &'static str, key: &'static str) -> impl FnOnce(&mut Value) {
    move |v| {
        at(v, pointer)
            .as_object_mut()
            .expect("an object")
            .remove(key)
            .expect("the key exists");
    }
}
