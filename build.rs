//! Build steps: rerun when the migrations change, and turn each game's data files into the typed
//! statics its tables include (one row of [`games!`] per game, written to OUT_DIR).

use std::path::Path;

#[path = "src/games/datafile.rs"]
mod datafile;

type Generator = fn(&datafile::Files) -> Result<String, datafile::Error>;

/// One row per game with data files: its generator (compiled into this script with `#[path]`; a
/// generator of several files declares its other files itself, as BFG's does), its data folder,
/// and the file it writes to OUT_DIR. Each generator module names its data files in `FILES`.
macro_rules! games {
    ($($game:ident: $generator:literal, $data:literal => $target:literal,)+) => {
        $(
            #[path = $generator]
            mod $game;
        )+

        /// Every game's generator file, data folder, data files, generator and output file.
        const GAMES: &[(&str, &str, &[&str], Generator, &str)] =
            &[$(($generator, $data, &$game::FILES, $game::generate, $target),)+];
    };
}

games! {
    boats: "src/games/boats/tables/generate.rs", "src/games/boats/data" => "boats_tables.rs",
    epic: "src/games/epic/data/generate.rs", "src/games/epic/data" => "epic_data.rs",
    bfg: "src/games/bfg/data/generate.rs", "src/games/bfg/data" => "bfg_data.rs",
    samurai: "src/games/samurai/data/generate.rs", "src/games/samurai/data" => "samurai_data.rs",
}

fn main() {
    // New or changed migrations are embedded by `sqlx::migrate!()`; rebuild when they change.
    println!("cargo:rerun-if-changed=migrations");
    // The generators are compiled into this script, so a change to any of their files (the ones a
    // generator declares itself too) rebuilds and reruns it anyway; the data files are read at
    // run time and each one is named.
    println!("cargo:rerun-if-changed=src/games/datafile.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        fail("OUT_DIR is not set: build.rs runs under cargo")
    };
    let out = Path::new(&out_dir);
    for &(generator, dir, names, generate, target) in GAMES {
        println!("cargo:rerun-if-changed={generator}");
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
