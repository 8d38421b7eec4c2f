//! A hint to the processor to start loading memory that will be read soon.
//!
//! A node reads the table bucket (and move-count slot) of every child one after another,
//! each most likely a cache miss: asked for together before the reads, the loads overlap
//! instead of waiting in turn, which shortens a long first pass (the figures:
//! `docs/tsume-solver.md#measured-choices`). Transparent huge pages for the table gained nothing: the
//! kernel spent the time saved on clearing whole 2 MiB pages.

/// Start loading the cache line that holds `item`. No effect on results; a no-op off
/// x86_64.
#[inline]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of every x86_64 target, and a prefetch reads nothing the
        // program sees (it cannot fault); the pointer comes from a reference anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
