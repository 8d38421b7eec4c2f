//! Move times across notations. KIF writes `( 0:16/00:00:16)` (this move, and the mover's
//! total so far); CSA writes `T16` (this move, seconds, with optional milliseconds). Records
//! keep the text as written; converting rewrites it in the target's form, so a time survives
//! KIF ↔ CSA.

/// Seconds the move took, from a KIF or CSA time annotation.
pub fn move_seconds(text: &str) -> Option<f64> {
    let t = text
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    if let Some(secs) = t.strip_prefix('T') {
        return secs
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0);
    }
    let this = t.split('/').next()?.trim();
    let mut total = 0u64;
    for part in this.split(':') {
        total = total
            .checked_mul(60)?
            .checked_add(part.trim().parse::<u64>().ok()?)?;
    }
    Some(total as f64)
}

/// CSA form: `T16`, or `T16.345` with milliseconds.
pub fn csa_time(secs: f64) -> String {
    if secs.fract() == 0.0 {
        format!("T{}", secs as u64)
    } else {
        format!("T{secs:.3}")
    }
}

/// KIF form (without the parentheses): ` m:ss/hh:mm:ss`, this move and the mover's total.
pub fn kif_time(secs: f64, total: f64) -> String {
    let s = secs.round() as u64;
    let t = total.round() as u64;
    format!(
        "{:>2}:{:02}/{:02}:{:02}:{:02}",
        s / 60,
        s % 60,
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// Rewrite each ply's time for the target: `kif` (cumulative per side) or CSA. Plies whose
/// time cannot be read keep no time.
pub fn convert(times: &[Option<String>], to_kif: bool) -> Vec<Option<String>> {
    let mut totals = [0.0f64; 2];
    times
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let secs = move_seconds(t.as_deref()?)?;
            totals[i % 2] += secs;
            Some(if to_kif {
                kif_time(secs, totals[i % 2])
            } else {
                csa_time(secs)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_forms() {
        assert_eq!(move_seconds(" 0:16/00:00:16"), Some(16.0));
        assert_eq!(move_seconds("( 1:02/00:01:18)"), Some(62.0));
        assert_eq!(move_seconds("T12"), Some(12.0));
        assert_eq!(move_seconds("T1.500"), Some(1.5));
        assert_eq!(move_seconds("nonsense"), None);
    }

    #[test]
    fn kif_totals_are_per_side() {
        let t = convert(
            &[Some("T16".into()), Some("T5".into()), Some("T62".into())],
            true,
        );
        assert_eq!(
            t,
            vec![
                Some(" 0:16/00:00:16".into()),
                Some(" 0:05/00:00:05".into()),
                Some(" 1:02/00:01:18".into())
            ]
        );
        let back = convert(&t, false);
        assert_eq!(
            back,
            vec![Some("T16".into()), Some("T5".into()), Some("T62".into())]
        );
    }
}
