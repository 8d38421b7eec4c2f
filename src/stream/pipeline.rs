//! An ordered parallel map: one producer, N workers, and a collector that receives the
//! results in the producer's order, so the output is the same whatever N.
//!
//! Memory stays flat: the producer may run at most a window of items ahead of the
//! collector, so neither the queue nor the collector's reordering buffer grows with the
//! input.

use std::collections::BTreeMap;
use std::sync::mpsc::{channel, sync_channel};
use std::sync::{Condvar, Mutex};

/// Items in flight per worker: enough to keep every worker busy while one works on a long
/// record, few enough that memory stays a few records per worker.
const WINDOW_PER_JOB: usize = 32;

/// How far the collector has come, and whether it wants no more.
struct Gate {
    state: Mutex<(u64, bool)>,
    moved: Condvar,
}

impl Gate {
    /// Wait until item `seq` may be sent; false when the collector stopped.
    fn admit(&self, seq: u64, window: u64) -> bool {
        let Ok(mut s) = self.state.lock() else {
            return false;
        };
        while !s.1 && seq >= s.0 + window {
            s = match self.moved.wait(s) {
                Ok(s) => s,
                Err(_) => return false,
            };
        }
        !s.1
    }
    fn set(&self, done: u64, stop: bool) {
        if let Ok(mut s) = self.state.lock() {
            *s = (done, s.1 || stop);
        }
        self.moved.notify_all();
    }
}

/// Run `work` over every item `produce` gives its sink, on `jobs` threads, and hand each
/// result to `collect` in the order produced. The sink answers false once `collect` has
/// answered false (stop: `--fail-fast`, a closed output), and the producer should return.
pub fn ordered<T: Send, U: Send>(
    jobs: usize,
    produce: impl FnOnce(&mut dyn FnMut(T) -> bool) + Send,
    work: impl Fn(T) -> U + Sync,
    mut collect: impl FnMut(U) -> bool,
) {
    if jobs <= 1 {
        // one thread does all: no queue, no reordering
        let mut going = true;
        produce(&mut |t| {
            going = going && collect(work(t));
            going
        });
        return;
    }
    let window = jobs * WINDOW_PER_JOB;
    let gate = Gate {
        state: Mutex::new((0, false)),
        moved: Condvar::new(),
    };
    let (job_tx, job_rx) = sync_channel::<(u64, T)>(window);
    let job_rx = Mutex::new(job_rx);
    let (out_tx, out_rx) = channel::<(u64, U)>();
    std::thread::scope(|s| {
        let gate = &gate;
        s.spawn(move || {
            let mut seq = 0;
            produce(&mut |t| {
                if !gate.admit(seq, window as u64) || job_tx.send((seq, t)).is_err() {
                    return false;
                }
                seq += 1;
                true
            });
        });
        for _ in 0..jobs {
            let out_tx = out_tx.clone();
            let (job_rx, work) = (&job_rx, &work);
            s.spawn(move || {
                loop {
                    let next = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => break,
                    };
                    let Ok((i, t)) = next else { break };
                    if out_tx.send((i, work(t))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(out_tx);
        let mut pending = BTreeMap::new();
        let mut next = 0u64;
        'recv: for (i, u) in out_rx.iter() {
            pending.insert(i, u);
            while let Some(u) = pending.remove(&next) {
                next += 1;
                if !collect(u) {
                    gate.set(next, true);
                    break 'recv;
                }
                gate.set(next, false);
            }
        }
        // the producer may wait at the gate; let it see the end and stop
        gate.set(next, true);
        drop(out_rx);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_jobs() {
        for jobs in [1, 2, 5] {
            let mut seen = Vec::new();
            ordered(
                jobs,
                |sink| {
                    for i in 0..2000u64 {
                        if !sink(i) {
                            break;
                        }
                    }
                },
                |i| {
                    if i % 7 == 0 {
                        std::thread::yield_now();
                    }
                    i * 2
                },
                |u| {
                    seen.push(u);
                    true
                },
            );
            assert_eq!(seen, (0..2000).map(|i| i * 2).collect::<Vec<_>>(), "{jobs}");
        }
    }

    #[test]
    fn a_stop_ends_the_producer() {
        for jobs in [1, 3] {
            let mut seen = 0;
            ordered(
                jobs,
                |sink| {
                    for i in 0..u64::MAX {
                        if !sink(i) {
                            break;
                        }
                    }
                },
                |i| i,
                |u| {
                    seen += 1;
                    u < 10
                },
            );
            assert_eq!(seen, 11);
        }
    }
}
