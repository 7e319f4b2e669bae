use std::path::PathBuf;

use clap::{Parser, Subcommand};
use inlumine::configuration::Settings;
use inlumine::startup::Application;
use inlumine::{db, openapi, seed};

#[derive(Parser)]
#[command(name = "inlumine", about = "In Lumine website server", version)]
struct Cli {
    /// Configuration file (default: config/server.toml; also INLUMINE_CONFIG).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (the default).
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Insert demo reviews and events once (idempotent).
    SeedDemo,
    /// Print the OpenAPI document (JSON) to stdout.
    Openapi,
}

#[tokio::main]
async fn main() {
    // One readable line (no backtrace) so a bad option or missing web build is obvious.
    if let Err(e) = run(Cli::parse()).await {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let command = cli.command.unwrap_or(Command::Serve);
    if let Command::Openapi = command {
        println!("{}", openapi::document());
        return Ok(());
    }
    inlumine::init_tracing();
    let settings = Settings::load(cli.config.as_deref())?;
    match command {
        Command::Serve => {
            Application::build(settings)
                .await?
                .run_until_stopped()
                .await
        }
        Command::Migrate => {
            let pool = db::connect(&settings.database_url()).await?;
            db::migrate(&pool).await?;
            tracing::info!("migrations applied");
            Ok(())
        }
        Command::SeedDemo => {
            let pool = db::connect(&settings.database_url()).await?;
            db::migrate(&pool).await?;
            if seed::seed_demo(&pool).await? {
                tracing::info!("demo data inserted");
            } else {
                tracing::info!("demo data was already there; nothing added");
            }
            Ok(())
        }
        Command::Openapi => unreachable!("handled above"),
    }
}
