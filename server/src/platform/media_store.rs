//! Where photo variants live: one small interface, so the folder under the data directory (the
//! default, fine for one server) can be replaced by an S3-compatible object store when several
//! servers share one PostgreSQL (README, "Photos and several servers").
//!
//! Keys are content-addressed file names (`{hash}-{width}.{ext}`): a key's bytes never change,
//! so a store needs no locking and a copy can be cached forever.
use std::future::Future;
use std::io;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

use bytes::Bytes;
use tokio::sync::Semaphore;

pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = io::Result<T>> + Send + 'a>>;

/// Put, get and delete bytes by key. `get` of a missing key is `Ok(None)`; `delete` of a
/// missing key is fine (a crash between the database commit and the delete may repeat it).
pub trait MediaStore: Send + Sync {
    fn put<'a>(&'a self, key: &'a str, bytes: Bytes) -> StoreFuture<'a, ()>;
    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Bytes>>;
    fn delete<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()>;
}

/// Files in one folder (`{data_dir}/media`).
pub struct FolderStore {
    dir: PathBuf,
}

impl FolderStore {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// Keys are made by the server, but a path is only ever built from a plain file name.
    fn path(&self, key: &str) -> io::Result<PathBuf> {
        let plain = !key.is_empty()
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
            && !key.starts_with('.');
        if plain {
            Ok(self.dir.join(key))
        } else {
            Err(io::Error::new(io::ErrorKind::InvalidInput, "bad media key"))
        }
    }
}

impl MediaStore for FolderStore {
    fn put<'a>(&'a self, key: &'a str, bytes: Bytes) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let path = self.path(key)?;
            tokio::fs::create_dir_all(&self.dir).await?;
            // Written aside and renamed, so a reader never sees half a file.
            let partial = self.dir.join(format!(".{key}.partial"));
            tokio::fs::write(&partial, &bytes).await?;
            tokio::fs::rename(&partial, &path).await
        })
    }

    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Bytes>> {
        Box::pin(async move {
            match tokio::fs::read(self.path(key)?).await {
                Ok(bytes) => Ok(Some(Bytes::from(bytes))),
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e),
            }
        })
    }

    fn delete<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            match tokio::fs::remove_file(self.path(key)?).await {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            }
        })
    }
}

/// The store and the bound on photos processed at once (decoding and resizing a 20 MB photo
/// takes a core and a few hundred MB for a second or two).
pub struct Media {
    pub store: Arc<dyn MediaStore>,
    pub processing: Semaphore,
}

impl Media {
    pub fn new(store: Arc<dyn MediaStore>, at_once: usize) -> Self {
        Self {
            store,
            processing: Semaphore::new(at_once.max(1)),
        }
    }
}
