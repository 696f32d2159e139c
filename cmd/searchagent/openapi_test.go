package main

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"searchagent/api/openapitest"
)

var (
	checkerOnce sync.Once
	checker     *openapitest.Checker
	checkerErr  error
)

// openapiChecked wraps h so every request and response of an API test is
// validated against the OpenAPI document (api/openapi.yaml).
func openapiChecked(t testing.TB, h http.Handler) http.Handler {
	t.Helper()
	checkerOnce.Do(func() { checker, checkerErr = openapitest.New(context.Background()) })
	if checkerErr != nil {
		t.Fatal(checkerErr)
	}
	return checker.Handler(t, h)
}
