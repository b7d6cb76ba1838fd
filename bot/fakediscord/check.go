package fakediscord

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"testing"
)

// RequireSpec returns Discord's OpenAPI specification, loaded once per
// process from SpecFile beside the module root. Where the file is not
// there (a clone outside this workspace) it logs that requests go
// unchecked and returns nil, and it fails tb when the environment
// variable CI is set: CI has the file, so there a missing one is a
// broken checkout, not a reason to check nothing. A file that is there
// but does not load always fails tb.
func RequireSpec(tb testing.TB) *Spec {
	tb.Helper()
	return requireSpec(tb, loadSpecOnce, os.Getenv("CI") != "")
}

// requireSpec is RequireSpec with the loading and CI's flag passed in.
func requireSpec(tb testing.TB, load func() (*Spec, error), ci bool) *Spec {
	tb.Helper()
	s, err := load()
	if err == nil {
		return s
	}
	msg := "fakediscord: requests to the fake Discord go unchecked against Discord's OpenAPI specification: " + err.Error()
	switch {
	case !errors.Is(err, errNoSpec):
		tb.Fatal(msg)
	case ci:
		tb.Fatal(msg + "; CI is set, so this fails instead of skipping the check")
	default:
		tb.Log(msg + " (the check is skipped; with CI set it fails)")
	}
	return nil
}

// checkRequest checks a REST request against the specification, keeping
// its body readable for the handler. It returns the violation, if any,
// after recording it, or why the body could not be read.
func (f *Fake) checkRequest(r *http.Request, path string) error {
	if f.spec == nil {
		return nil
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		// The client went away mid-request (a bot killed while sending):
		// nothing arrived to check, as on Discord.
		return fmt.Errorf("%s %s: read the body: %w", r.Method, path, err)
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err := f.spec.CheckRequest(r.Method, path, r.Header, r.URL.Query(), body); err != nil {
		return f.violate(err)
	}
	return nil
}

// violate records what the specification rejected and fails the test.
func (f *Fake) violate(err error) error {
	f.mu.Lock()
	f.violations = append(f.violations, err.Error())
	f.notify()
	f.mu.Unlock()
	if f.tb != nil {
		f.tb.Errorf("fakediscord: Discord's OpenAPI specification rejects what the bot sent: %v", err)
	}
	return err
}

// Violations lists what the specification rejected so far, in order.
func (f *Fake) Violations() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.violations...)
}

// Checked tells whether the fake checks what it sees against the
// specification.
func (f *Fake) Checked() bool { return f.spec != nil }
