// Package pgdbtest gives tests their PostgreSQL databases: the DSNs from
// the environment (skipping, and saying so, when unset) and a lock that
// keeps tests of different packages — which go test runs in parallel
// processes — from using one database at the same time.
//
// TEST_DATABASE_URL is a PostgreSQL (the native one in .ci/run) for
// sessions, events and traces; TEST_VECTOR_DATABASE_URL one with
// pgvector (PGlite in .ci/run) for the channel store. scripts/devdb/start.sh
// starts both and prints the exports.
package pgdbtest

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"testing"
)

// DSN returns TEST_DATABASE_URL, locked for the test, or skips.
func DSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("TEST_DATABASE_URL")
	if dsn == "" {
		t.Skip("TEST_DATABASE_URL is unset: skipping this PostgreSQL test (scripts/devdb/start.sh starts one; .ci/run always sets it)")
	}
	Lock(t, dsn)
	return dsn
}

// VectorDSN returns TEST_VECTOR_DATABASE_URL, locked for the test, or
// skips.
func VectorDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("TEST_VECTOR_DATABASE_URL")
	if dsn == "" {
		t.Skip("TEST_VECTOR_DATABASE_URL is unset: skipping this PostgreSQL + pgvector test (scripts/devdb/start.sh starts one; .ci/run always sets it)")
	}
	Lock(t, dsn)
	return dsn
}

// Lock holds an exclusive lock on dsn until the test ends. The lock is a
// file lock, so it spans the test processes of every package; a test that
// already holds it (through a parent test) does not wait for itself.
func Lock(t testing.TB, dsn string) {
	t.Helper()
	h := fnv.New64a()
	h.Write([]byte(dsn))
	path := filepath.Join(os.TempDir(), fmt.Sprintf("searchagent-pgtest-%x.lock", h.Sum64()))
	unlock, err := lockFile(path)
	if err != nil {
		t.Fatalf("pgdbtest: lock %s: %v", path, err)
	}
	t.Cleanup(unlock)
}
