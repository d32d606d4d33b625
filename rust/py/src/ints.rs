//! Integer arguments. PyO3 raises `OverflowError` for a Python int outside the Rust
//! type's range before an entry point runs; every integer argument is read here instead
//! (`#[pyo3(from_py_with = "crate::ints::<name>")]`), so that is a `GolemError` naming
//! the argument: `depth: 18446744073709551616 is outside 0–4,294,967,295`.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

use crate::golem_error;

/// An integer type read from a Python int, its range named on refusal.
pub(crate) trait IntArg: Sized {
    fn extract_named(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Self>;
}

macro_rules! int_args {
    ($($t:ty),*) => {$(
        impl IntArg for $t {
            fn extract_named(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Self> {
                obj.extract::<$t>().map_err(|e| {
                    if e.is_instance_of::<PyOverflowError>(obj.py()) {
                        golem_error(
                            name,
                            golem_core::refusal::outside(obj, <$t>::MIN, <$t>::MAX),
                        )
                    } else {
                        e
                    }
                })
            }
        }
    )*};
}

int_args!(u8, u16, u32, u64, usize, i32, i64);

impl<T: IntArg> IntArg for Option<T> {
    fn extract_named(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Self> {
        if obj.is_none() {
            Ok(None)
        } else {
            T::extract_named(obj, name).map(Some)
        }
    }
}

macro_rules! named {
    ($($name:ident),* $(,)?) => {$(
        pub(crate) fn $name<T: IntArg>(obj: &Bound<'_, PyAny>) -> PyResult<T> {
            T::extract_named(obj, stringify!($name))
        }
    )*};
}

named!(
    action,
    count,
    depth,
    first,
    games,
    hash_mb,
    index,
    iterations,
    max_plies,
    movetime_ms,
    nodes,
    num_envs,
    player,
    players,
    report_every,
    seat,
    seed,
    threads,
);
