//! Stat lines: placeholder while the printer is written.
