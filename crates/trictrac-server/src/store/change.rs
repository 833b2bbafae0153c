//! The changes instances announce to each other on PostgreSQL's channel
//! [`CHANNEL`], and their payloads.

/// The PostgreSQL channel on which instances announce their changes.
pub const CHANNEL: &str = "trictrac_changes";

/// A change announced by an instance on [`CHANNEL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Actions of a game were stored; it now has this many.
    Actions {
        /// Room code.
        id: String,
        /// Number of actions stored in all.
        count: usize,
    },
    /// A seat of an online game was taken.
    Seat {
        /// Room code.
        id: String,
    },
    /// The connections an instance holds to a game changed.
    Presence {
        /// Room code.
        id: String,
        /// The instance that holds them (filled in when read).
        from: String,
        /// Connections holding White's seat, Black's, and watching.
        counts: [u32; 3],
    },
    /// An instance just loaded a game: the others say who they hold.
    Query {
        /// Room code.
        id: String,
    },
}

impl Change {
    /// The payload sent by `instance`: `INSTANCE a ID COUNT` or
    /// `INSTANCE s ID`.
    pub fn payload(&self, instance: &str) -> String {
        match self {
            Change::Actions { id, count } => format!("{instance} a {id} {count}"),
            Change::Seat { id } => format!("{instance} s {id}"),
            Change::Presence { id, counts, .. } => {
                format!(
                    "{instance} p {id} {} {} {}",
                    counts[0], counts[1], counts[2]
                )
            }
            Change::Query { id } => format!("{instance} q {id}"),
        }
    }

    /// Reads a notification's payload: the changes it carries (separated
    /// by `;`), each with the instance that sent it; what is not ours is
    /// skipped.
    pub fn parse_all(payload: &str) -> impl Iterator<Item = (&str, Change)> {
        payload.split(';').filter_map(Change::parse)
    }

    /// Reads one change: the sending instance and the change (`None` when
    /// it is not one of ours).
    pub fn parse(payload: &str) -> Option<(&str, Change)> {
        let mut w = payload.split(' ');
        let instance = w.next()?;
        let kind = w.next()?;
        let id = w.next()?.to_string();
        let change = match kind {
            "a" => Change::Actions {
                id,
                count: w.next()?.parse().ok()?,
            },
            "s" => Change::Seat { id },
            "p" => {
                let mut n = [0u32; 3];
                for c in &mut n {
                    *c = w.next()?.parse().ok()?;
                }
                Change::Presence {
                    id,
                    from: instance.to_string(),
                    counts: n,
                }
            }
            "q" => Change::Query { id },
            _ => return None,
        };
        if w.next().is_some() {
            return None;
        }
        Some((instance, change))
    }
}
