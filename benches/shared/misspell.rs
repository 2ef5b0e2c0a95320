//! Catalog ids misspelt, for the worst case of the "did you mean" search: used by the engine
//! bench (`benches/engine.rs`) and the HTTP test of fair CPU (`tests/http/cpu.rs`).

use serde_json::Value;

/// The fields that hold catalog ids, in every game's documents.
const IDS: [&str; 8] = ["weapon", "item", "section", "entry", "class", "options", "type", "types"];

/// Every catalog id in a JSON value (a part's, a class's, a type's) with one letter more.
pub fn misspell(v: &mut Value) {
    match v {
        Value::Array(a) => a.iter_mut().for_each(misspell),
        Value::Object(o) => {
            for (k, v) in o.iter_mut() {
                match v {
                    Value::String(s) if IDS.contains(&k.as_str()) => s.push('e'),
                    Value::Array(a) if IDS.contains(&k.as_str()) => {
                        for id in a.iter_mut() {
                            if let Value::String(s) = id {
                                s.push('e');
                            }
                        }
                    }
                    _ => misspell(v),
                }
            }
        }
        _ => {}
    }
}
