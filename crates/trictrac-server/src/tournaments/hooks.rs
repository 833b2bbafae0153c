//! What the tournaments tell the rest of the server. One hook now:
//! [`tournament_started`], called once per tournament by the director
//! that starts it (on the instance holding the lease), with the players
//! who take part. The notifications of issue 39 (item 2: "a tournament
//! starts", in the page and by e-mail) are sent from here.

use std::sync::Arc;

use crate::room::Hub;
use crate::store::{EntrantRow, TournamentRow};

/// Tournament `t` started with `players` (those not withdrawn): logged,
/// and each player told ("a tournament starts": in the page, and by
/// e-mail when he asked for it — `crate::notify`, which never waits for
/// the mail).
pub async fn tournament_started(hub: &Arc<Hub>, t: &TournamentRow, players: &[EntrantRow]) {
    tracing::info!(
        tournament = %t.id,
        kind = %t.kind,
        game = %t.game,
        players = players.len(),
        "tournament started"
    );
    let text = format!("The tournament \u{201c}{}\u{201d} starts.", t.name);
    let link = format!("/tournaments?id={}", t.id);
    for p in players {
        crate::notify::notify_logged(
            hub,
            &p.account,
            crate::notify::Kind::TournamentStarts,
            &text,
            &link,
        )
        .await;
    }
}
