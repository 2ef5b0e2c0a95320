//! Build steps: rerun when the migrations change, and turn each game's data files into the typed
//! statics its tables include (`boats_tables.rs`, `epic_data.rs`, `bfg_data.rs`, `samurai_data.rs` in OUT_DIR).

use std::path::Path;

#[path = "src/games/datafile.rs"]
mod datafile;

#[path = "src/games/boats/tables/generate.rs"]
mod boats;

#[path = "src/games/epic/data/generate.rs"]
mod epic;

#[path = "src/games/bfg/data/generate.rs"]
mod bfg;

#[path = "src/games/bfg/data/gen_weapons.rs"]
mod bfg_weapons;

#[path = "src/games/bfg/data/gen_lists.rs"]
mod bfg_lists;

#[path = "src/games/samurai/data/generate.rs"]
mod samurai;

type Generator = fn(&datafile::Files) -> Result<String, datafile::Error>;

fn main() {
    // New or changed migrations are embedded by `sqlx::migrate!()`; rebuild when they change.
    println!("cargo:rerun-if-changed=migrations");
    // The generators are compiled into this script, so a change to them rebuilds it anyway; the
    // data files are read at run time and each one is named.
    for code in [
        "src/games/datafile.rs",
        "src/games/boats/tables/generate.rs",
        "src/games/epic/data/generate.rs",
        "src/games/bfg/data/generate.rs",
        "src/games/bfg/data/gen_weapons.rs",
        "src/games/bfg/data/gen_lists.rs",
        "src/games/bfg/data/gen_sets.rs",
        "src/games/samurai/data/generate.rs",
    ] {
        println!("cargo:rerun-if-changed={code}");
    }
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        fail("OUT_DIR is not set: build.rs runs under cargo")
    };
    let out = Path::new(&out_dir);
    let games: [(&str, &[&str], Generator, &str); 4] = [
        ("src/games/boats/data", &boats::FILES, boats::generate, "boats_tables.rs"),
        ("src/games/epic/data", &epic::FILES, epic::generate, "epic_data.rs"),
        ("src/games/bfg/data", &bfg::FILES, bfg::generate, "bfg_data.rs"),
        ("src/games/samurai/data", &samurai::FILES, samurai::generate, "samurai_data.rs"),
    ];
    for (dir, names, generate, target) in games {
        let mut files = datafile::Files::new();
        for name in names {
            let path = format!("{dir}/{name}");
            println!("cargo:rerun-if-changed={path}");
            match std::fs::read_to_string(&path) {
                Ok(text) => files.insert(name.to_string(), text),
                Err(e) => fail(&format!("{path}: {e}")),
            };
        }
        let source = generate(&files).unwrap_or_else(|e| fail(&format!("{dir}/{e}")));
        if let Err(e) = std::fs::write(out.join(target), source) {
            fail(&format!("writing {target}: {e}"));
        }
    }
}

/// Stops the build; cargo shows the message as an error line of its own.
fn fail(message: &str) -> ! {
    println!("cargo::error={message}");
    std::process::exit(1)
}
