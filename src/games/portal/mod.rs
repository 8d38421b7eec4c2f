//! Portal Chess: three independent games of that name, built on the orthodox chess core.
//! `hidden` (Mike Hidden's neutral, wandering portals) is implemented here; the shared
//! arrow reading lives in `arrow`.

pub mod arrow;
pub mod buckley;
pub mod hidden;
pub mod howe;
pub mod puzzle;
pub mod replay;
