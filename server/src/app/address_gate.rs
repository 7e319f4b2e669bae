//! Per-address caps of the accept loop: how many connections one client address (an IPv6 /64
//! counts as one) may hold open, and how many new ones it may open per second (a token bucket).
//! Without them one address can take every slot of the global cap and keep reopening what the
//! server closes, and the site is gone for everyone else. A refused connection is reset at once:
//! no work is done for it and it never holds a slot of the global cap.
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::platform::client_ip::address_block;

/// The caps of one address.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AddressCaps {
    /// Open connections at most.
    pub open: u32,
    /// New connections per second, on average.
    pub per_second: u32,
    /// New connections at once after a quiet moment (the bucket's size).
    pub burst: u32,
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The address already holds its open connections.
    Open,
    /// The address opens connections faster than its rate.
    Rate,
}

/// How often addresses that hold nothing and whose bucket is full again are forgotten.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// Addresses remembered beyond the ones holding connections: past this, the idle ones are
/// forgotten at once (a forgotten address gets a full bucket, no more than a new one would).
const IDLE_ADDRESSES: usize = 16_384;

/// The table of addresses. Addresses holding a connection are at most the global cap (every
/// admitted connection holds one of its slots); the others are kept only while their bucket
/// refills (`burst / per_second` seconds) and never more than `IDLE_ADDRESSES` of them, so the
/// table stays below `global cap + IDLE_ADDRESSES` entries whatever the clients do.
pub struct AddressGate {
    caps: AddressCaps,
    capacity: usize,
    table: Mutex<Table>,
}

struct Table {
    entries: HashMap<IpAddr, Entry>,
    swept: Instant,
}

struct Entry {
    open: u32,
    tokens: f64,
    /// When `tokens` was last brought up to date.
    at: Instant,
}

impl Entry {
    fn refill(&mut self, caps: AddressCaps, now: Instant) {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens =
            (self.tokens + elapsed * f64::from(caps.per_second)).min(f64::from(caps.burst));
        self.at = now;
    }
}

/// An admitted connection's place in its address's count; given back on drop.
pub struct Admitted {
    gate: Arc<AddressGate>,
    block: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        if let Some(entry) = self.gate.table().entries.get_mut(&self.block) {
            entry.open = entry.open.saturating_sub(1);
        }
    }
}

impl AddressGate {
    /// Caps per address below a global cap of `global_max` open connections.
    pub fn new(caps: AddressCaps, global_max: usize) -> Arc<Self> {
        Arc::new(Self {
            caps,
            capacity: global_max.saturating_add(IDLE_ADDRESSES),
            table: Mutex::new(Table {
                entries: HashMap::new(),
                swept: Instant::now(),
            }),
        })
    }

    /// Counts a new connection from `peer`, or says why it is refused.
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<Admitted, Refused> {
        self.admit_at(peer, Instant::now())
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        // The table stays consistent at every step: a panic elsewhere cannot leave it half-done.
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn admit_at(self: &Arc<Self>, peer: IpAddr, now: Instant) -> Result<Admitted, Refused> {
        let caps = self.caps;
        let block = address_block(peer);
        let mut table = self.table();
        if now.saturating_duration_since(table.swept) >= SWEEP_EVERY {
            table.forget_rested(caps, now);
        }
        if table.entries.len() >= self.capacity && !table.entries.contains_key(&block) {
            table.forget_idle();
        }
        let entry = table.entries.entry(block).or_insert(Entry {
            open: 0,
            tokens: f64::from(caps.burst),
            at: now,
        });
        entry.refill(caps, now);
        if entry.open >= caps.open {
            return Err(Refused::Open);
        }
        if entry.tokens < 1.0 {
            return Err(Refused::Rate);
        }
        entry.tokens -= 1.0;
        entry.open += 1;
        drop(table);
        Ok(Admitted {
            gate: self.clone(),
            block,
        })
    }

    /// Addresses remembered now (for the tests).
    pub fn remembered(&self) -> usize {
        self.table().entries.len()
    }
}

impl Table {
    /// Forgets the addresses that hold nothing and whose bucket is full again: remembering them
    /// changes nothing.
    fn forget_rested(&mut self, caps: AddressCaps, now: Instant) {
        self.entries.retain(|_, entry| {
            entry.refill(caps, now);
            entry.open > 0 || entry.tokens < f64::from(caps.burst)
        });
        self.swept = now;
    }

    /// Forgets every address that holds nothing, bucket or not (the table is full).
    fn forget_idle(&mut self) {
        self.entries.retain(|_, entry| entry.open > 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAPS: AddressCaps = AddressCaps {
        open: 3,
        per_second: 2,
        burst: 4,
    };

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_address_holds_at_most_its_open_connections_and_gets_one_back_when_one_closes() {
        let gate = AddressGate::new(CAPS, 100);
        let now = Instant::now();
        let held: Vec<_> = (0..3)
            .map(|_| gate.admit_at(ip("203.0.113.9"), now).unwrap())
            .collect();
        assert_eq!(
            gate.admit_at(ip("203.0.113.9"), now).err(),
            Some(Refused::Open)
        );
        assert!(
            gate.admit_at(ip("203.0.113.10"), now).is_ok(),
            "another address"
        );
        drop(held);
        assert!(gate.admit_at(ip("203.0.113.9"), now).is_ok());
    }

    #[test]
    fn new_connections_beyond_the_burst_wait_for_the_rate() {
        let caps = AddressCaps { open: 100, ..CAPS };
        let gate = AddressGate::new(caps, 100);
        let start = Instant::now();
        let mut held = Vec::new();
        for _ in 0..4 {
            held.push(gate.admit_at(ip("203.0.113.9"), start).unwrap());
        }
        assert_eq!(
            gate.admit_at(ip("203.0.113.9"), start).err(),
            Some(Refused::Rate)
        );
        // Two per second: one more after half a second, not two.
        let later = start + Duration::from_millis(500);
        held.push(gate.admit_at(ip("203.0.113.9"), later).unwrap());
        assert_eq!(
            gate.admit_at(ip("203.0.113.9"), later).err(),
            Some(Refused::Rate)
        );
    }

    #[test]
    fn an_ipv6_64_counts_as_one_address() {
        let gate = AddressGate::new(CAPS, 100);
        let now = Instant::now();
        let _held: Vec<_> = ["2001:db8:1:2::a", "2001:db8:1:2::b", "2001:db8:1:2:ffff::1"]
            .iter()
            .map(|a| gate.admit_at(ip(a), now).unwrap())
            .collect();
        assert_eq!(
            gate.admit_at(ip("2001:db8:1:2::c"), now).err(),
            Some(Refused::Open)
        );
        assert!(gate.admit_at(ip("2001:db8:1:3::a"), now).is_ok());
    }

    #[test]
    fn addresses_that_hold_nothing_are_forgotten_once_rested_and_the_table_stays_bounded() {
        let gate = AddressGate::new(CAPS, 10);
        let start = Instant::now();
        let holding = gate.admit_at(ip("198.51.100.1"), start).unwrap();
        for i in 0..(IDLE_ADDRESSES as u32 + 500) {
            let peer = IpAddr::V4((0x0a00_0000 + i).into());
            drop(gate.admit_at(peer, start).unwrap());
        }
        assert!(
            gate.remembered() <= 10 + IDLE_ADDRESSES,
            "{}",
            gate.remembered()
        );
        // Two seconds refill a bucket of 4 at 2 per second: the idle ones go at the next sweep.
        drop(gate.admit_at(ip("198.51.100.2"), start + Duration::from_secs(3)));
        assert_eq!(gate.remembered(), 2, "the holder and the newest");
        drop(holding);
    }
}
