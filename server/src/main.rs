use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use inlumine::app::startup::Application;
use inlumine::kit::configuration::Settings;
use inlumine::platform::auth::users::{AdminOutcome, create_or_reset_admin};
use inlumine::{app::openapi, app::seed, kit::db, platform::backup};

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
    /// Create an admin account, or give an existing one a new password and sign out its
    /// sessions. The password is asked without echo, or read as one line from stdin.
    CreateAdmin {
        /// The admin's e-mail address (the sign-in name).
        #[arg(long)]
        email: String,
        /// Leave an existing account as it is (used by `make run` for the dev admin).
        #[arg(long)]
        keep_existing: bool,
    },
    /// Print the OpenAPI document (JSON) to stdout.
    Openapi,
    /// Write a consistent snapshot of the database, also while the server runs. SQLite: a
    /// database file; PostgreSQL: a pg_dump archive (needs pg_dump).
    Backup {
        /// Where to write it (default: the backup folder, named after the time).
        file: Option<PathBuf>,
    },
    /// Put a snapshot back in place of the database (checked first). Refused while a server
    /// uses the database.
    Restore {
        /// The snapshot written by `inlumine backup` or the daily backups.
        file: PathBuf,
        /// Replace it even while a server uses it (restart that server afterwards).
        #[arg(long)]
        force: bool,
    },
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
        Command::CreateAdmin {
            email,
            keep_existing,
        } => {
            let password = read_password()?;
            let pool = db::connect(&settings.database_url()).await?;
            db::migrate(&pool).await?;
            let outcome = create_or_reset_admin(&pool, &email, &password, keep_existing).await?;
            match outcome {
                AdminOutcome::Created => println!("Admin account {email} created."),
                AdminOutcome::PasswordReset => println!(
                    "Admin account {email} already existed: it has the new password now and its sessions are signed out."
                ),
                AdminOutcome::Unchanged => {
                    println!("Admin account {email} already exists; left unchanged.")
                }
            }
            Ok(())
        }
        Command::Backup { file } => {
            let url = settings.database_url();
            let file = file.unwrap_or_else(|| backup::default_file(&settings.backup_dir(), &url));
            backup::snapshot(&url, &file).await?;
            println!("Snapshot written to {}", file.display());
            Ok(())
        }
        Command::Restore { file, force } => {
            backup::restore(&settings.database_url(), &file, force).await?;
            println!(
                "Restored {}. Start the server (or restart it, after --force).",
                file.display()
            );
            Ok(())
        }
        Command::Openapi => unreachable!("handled above"),
    }
}

/// From a terminal: asked twice without echo. Otherwise: the first line of stdin.
fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password (at least 10 characters): ")?;
        let second = rpassword::prompt_password("Repeat the password: ")?;
        anyhow::ensure!(first == second, "the two passwords differ");
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        Ok(line.trim_end_matches(['\r', '\n']).to_string())
    }
}
