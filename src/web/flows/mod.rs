//! The saved-build flows every game shares, written once: the [`builder::Builder`] a game
//! implements and the routes it gets for it (editor, save, share, copy, export, print), saved
//! builds and their edit tokens, "My builds", the gallery, comparing two builds, and the pieces
//! their pages share. Built on [`http`](super::http); never imports a game or the registry.

pub mod api;
pub mod builder;
pub mod chart;
pub mod compare;
pub mod conflict;
pub mod facts;
pub mod family;
pub mod gallery;
pub mod landing;
pub mod owners;
pub mod print;
pub mod registered;
pub mod saved;
pub mod share;
pub mod view;
