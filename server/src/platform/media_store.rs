//! Where photo variants live: one small interface, with the folder under the data directory (the
//! default, fine for one server) or an S3-compatible bucket (`MEDIA_STORE=s3`), which every
//! server of several on one PostgreSQL reads and writes alike (README, "Photos and several
//! servers").
//!
//! Keys are content-addressed file names (`{hash}-{width}.{ext}`): a key's bytes never change,
//! so a store needs no locking and a copy can be cached forever.
use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;

use anyhow::Context;
use bytes::Bytes;
use object_store::ObjectStore;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use tokio::sync::Semaphore;

use crate::kit::configuration::{MediaSettings, MediaStoreKind};

pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = io::Result<T>> + Send + 'a>>;

/// Put, get and delete bytes by key. `get` of a missing key is `Ok(None)`; `delete` of a
/// missing key is fine (a crash between the database commit and the delete may repeat it).
pub trait MediaStore: Send + Sync {
    fn put<'a>(&'a self, key: &'a str, bytes: Bytes) -> StoreFuture<'a, ()>;
    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Bytes>>;
    fn delete<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()>;
}

/// The store the settings choose: the folder `{data_dir}/media`, or the S3 bucket.
pub fn from_settings(
    settings: &MediaSettings,
    data_dir: &Path,
) -> anyhow::Result<Arc<dyn MediaStore>> {
    Ok(match settings.store {
        MediaStoreKind::Folder => Arc::new(FolderStore::new(folder(data_dir))),
        MediaStoreKind::S3 => Arc::new(BucketStore::new(settings)?),
    })
}

/// The folder of the folder store.
pub fn folder(data_dir: &Path) -> PathBuf {
    data_dir.join("media")
}

/// Keys are made by the server, but only a plain file name is ever used as a path or object name.
fn checked(key: &str) -> io::Result<&str> {
    let plain = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !key.starts_with('.');
    if plain {
        Ok(key)
    } else {
        Err(io::Error::new(io::ErrorKind::InvalidInput, "bad media key"))
    }
}

/// Writes, reads back and deletes a small object: the store works, with these credentials.
pub async fn probe(store: &dyn MediaStore) -> io::Result<()> {
    let key = format!(
        "inlumine-check-{}.probe",
        hex::encode(rand::random::<[u8; 8]>())
    );
    let bytes = Bytes::from_static(b"inlumine check");
    store.put(&key, bytes.clone()).await?;
    let read = store.get(&key).await;
    store.delete(&key).await?;
    match read? {
        Some(back) if back == bytes => Ok(()),
        _ => Err(io::Error::other(
            "an object just written cannot be read back",
        )),
    }
}

/// Files in one folder (`{data_dir}/media`).
pub struct FolderStore {
    dir: PathBuf,
}

impl FolderStore {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    fn path(&self, key: &str) -> io::Result<PathBuf> {
        Ok(self.dir.join(checked(key)?))
    }

    /// Every stored key (a backup's photos); a missing folder holds none.
    pub fn keys(&self) -> io::Result<Vec<String>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut keys = Vec::new();
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type()?.is_file() && checked(&name).is_ok() {
                keys.push(name);
            }
        }
        keys.sort();
        Ok(keys)
    }
}

/// Objects in an S3-compatible bucket (`object_store`), named by their key at the bucket's top.
/// Credentials and region come from the standard `AWS_*` variables.
pub struct BucketStore {
    bucket: AmazonS3,
}

impl BucketStore {
    pub fn new(settings: &MediaSettings) -> anyhow::Result<Self> {
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(&settings.s3_bucket)
            .with_allow_http(settings.s3_allow_http);
        if !settings.s3_endpoint.is_empty() {
            builder = builder.with_endpoint(&settings.s3_endpoint);
        }
        let bucket = builder
            .build()
            .context("invalid configuration of the photo bucket (MEDIA_S3_*, AWS_*)")?;
        Ok(Self { bucket })
    }
}

fn object(key: &str) -> io::Result<object_store::path::Path> {
    Ok(object_store::path::Path::from(checked(key)?))
}

fn bucket_error(e: object_store::Error) -> io::Error {
    io::Error::other(e)
}

impl MediaStore for BucketStore {
    fn put<'a>(&'a self, key: &'a str, bytes: Bytes) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.bucket
                .put(&object(key)?, bytes.into())
                .await
                .map(drop)
                .map_err(bucket_error)
        })
    }

    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Bytes>> {
        Box::pin(async move {
            match self.bucket.get(&object(key)?).await {
                Ok(found) => found.bytes().await.map(Some).map_err(bucket_error),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(bucket_error(e)),
            }
        })
    }

    fn delete<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            match self.bucket.delete(&object(key)?).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(e) => Err(bucket_error(e)),
            }
        })
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
