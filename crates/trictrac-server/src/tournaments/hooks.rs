//! What the tournaments tell the rest of the server. One hook now:
//! [`tournament_started`], called once per tournament by the director
//! that starts it (on the instance holding the lease), with the players
//! who take part. The notifications of issue 39 (item 2: "a tournament
//! starts", in the page and by e-mail) plug in here: this is the one
//! call site, and it is the only place to change.

use std::sync::Arc;

use crate::room::Hub;
use crate::store::{EntrantRow, TournamentRow};

/// Tournament `t` started with `players` (those not withdrawn). Today it
/// is logged; the notifications' `notify` is called from here once it
/// exists.
pub async fn tournament_started(_hub: &Arc<Hub>, t: &TournamentRow, players: &[EntrantRow]) {
    tracing::info!(
        tournament = %t.id,
        kind = %t.kind,
        game = %t.game,
        players = players.len(),
        "tournament started"
    );
}
