use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use inlumine::app::startup::Application;
use inlumine::kit::configuration::{self, Settings};
use inlumine::platform::auth::users::{AdminOutcome, create_or_reset_admin};
use inlumine::platform::backup::{self, BackupSource};
use inlumine::platform::media_store;
use inlumine::platform::site;
use inlumine::{app::check, app::openapi, app::seed, kit::db};

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
    /// Apply database migrations and exit; a SQLite database is copied first
    /// (backups/pre-migrate-…). Safe while an older server still serves: migrations only add.
    Migrate,
    /// Read the configuration as `serve` would and say what would stop or weaken a live site.
    /// Exits non-zero when something blocks. Run it as the service's user.
    Check,
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
    /// Print a configuration file as built into this binary (what applies when the file is
    /// missing), to start your own from: `inlumine defaults site.json > config/site.json`.
    Defaults {
        #[arg(value_enum)]
        file: DefaultFile,
    },
    /// Write one archive (ZIP) with a consistent snapshot of the database and every photo, also
    /// while the server runs (PostgreSQL needs pg_dump; photos in an S3 bucket stay there).
    Backup {
        /// Where to write it (default: the backup folder, named after the time).
        file: Option<PathBuf>,
    },
    /// Put a backup back: the database (checked first) and its photos, also into an empty data
    /// folder. Refused while a server uses the database.
    Restore {
        /// An archive of `inlumine backup` or the daily backups, or a bare database snapshot.
        file: PathBuf,
        /// Replace it even while a server uses it (restart that server afterwards).
        #[arg(long)]
        force: bool,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum DefaultFile {
    #[value(name = "server.toml")]
    ServerToml,
    #[value(name = "site.json")]
    SiteJson,
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
    // Before any command writes a file (backups, restores, the database).
    inlumine::kit::process::harden();
    let command = cli.command.unwrap_or(Command::Serve);
    match command {
        Command::Openapi => {
            println!("{}", openapi::document());
            return Ok(());
        }
        Command::Defaults { file } => {
            print!(
                "{}",
                match file {
                    DefaultFile::ServerToml => configuration::BUILT_IN_SERVER_TOML,
                    DefaultFile::SiteJson => site::BUILT_IN_SITE_JSON,
                }
            );
            return Ok(());
        }
        _ => {}
    }
    let settings = Settings::load(cli.config.as_deref())?;
    inlumine::init_tracing(settings.log_format);
    match command {
        Command::Serve => {
            Application::build(settings)
                .await?
                .run_until_stopped()
                .await
        }
        Command::Migrate => {
            let url = settings.database_url();
            if let Some(copy) = backup::before_migrations(&url, &settings.backup_dir()).await? {
                println!("The database as it was is in {}.", copy.display());
            }
            let pool = db::connect(&url).await?;
            db::migrate(&pool).await?;
            tracing::info!("migrations applied");
            Ok(())
        }
        Command::Check => {
            let report = check::inspect(&settings).await;
            print!("{report}");
            anyhow::ensure!(
                !report.blocks(),
                "{} of these stop a live site (see above)",
                report.blocking()
            );
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
            let file = file.unwrap_or_else(|| backup::default_file(&settings.backup_dir()));
            let manifest =
                backup::write_archive(&BackupSource::from_settings(&settings), &file).await?;
            let photos = match manifest.photos_kept_in.as_str() {
                "archive" => format!("{} photo files", manifest.photos),
                _ => "no photos (they are kept in the S3 bucket)".to_string(),
            };
            println!(
                "Backup written to {}: the database (version {}) and {photos}.",
                file.display(),
                manifest.schema_version
            );
            Ok(())
        }
        Command::Restore { file, force } => {
            let photos = media_store::from_settings(&settings.media, &settings.data_dir)?;
            let restored =
                backup::restore(&settings.database_url(), photos.as_ref(), &file, force).await?;
            println!(
                "Restored {}: the database and {} photo files. Start the server (or restart it, after --force).",
                file.display(),
                restored.photos
            );
            Ok(())
        }
        Command::Openapi | Command::Defaults { .. } => unreachable!("handled above"),
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
