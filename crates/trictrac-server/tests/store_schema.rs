//! The schema created once when several servers start together on an
//! empty PostgreSQL database (several instances share one database,
//! docs/SERVER.md): each of them opens it, none fails on the tables
//! another is creating at the same moment.

mod common;

use sqlx::Executor;
use trictrac_server::store::Store;

/// `url` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let base = url.split('?').next().unwrap_or(url);
    let cut = base.rfind('/').expect("a database in the URL");
    format!("{}/{name}", &base[..cut])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn servers_starting_together_on_an_empty_postgresql_database_all_open_it() {
    let Some(pg) = common::postgres_url() else {
        return;
    };
    sqlx::any::install_default_drivers();
    let admin = sqlx::AnyPool::connect(&pg).await.expect("PostgreSQL");
    let name = format!("trictrac_schema_{}", std::process::id());
    let url = with_database(&pg, &name);
    for round in 0..4 {
        admin
            .execute(format!("DROP DATABASE IF EXISTS {name}").as_str())
            .await
            .expect("drop");
        admin
            .execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .expect("a database of its own");
        let opening: Vec<_> = (0..6)
            .map(|_| {
                let url = url.clone();
                tokio::spawn(async move { Store::open(&url).await })
            })
            .collect();
        let mut stores = Vec::new();
        for o in opening {
            match o.await.expect("the task") {
                Ok(s) => stores.push(s),
                Err(e) => panic!("round {round}: a server could not open the database: {e}"),
            }
        }
        for s in stores {
            s.close().await;
        }
    }
    admin
        .execute(format!("DROP DATABASE IF EXISTS {name}").as_str())
        .await
        .expect("drop");
}
