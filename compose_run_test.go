package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
)

// TestComposeTopology runs what compose.yaml describes as processes on
// this machine (there is no Docker here): a private PostgreSQL, three
// workers built by the Dockerfile's own go build line and started with
// compose's entrypoint and mounted deploy/tavern.toml, and Caddy with
// deploy/Caddyfile in front. Only what cannot be the same on one host
// differs: the database URL and the Discord variables (the fake Discord),
// each worker's listening port (compose gives each its own network) and
// Caddy's ports (its site on a free port instead of :80, its admin
// endpoint on a free one instead of localhost:2019).
//
// Through Caddy: signed PINGs (and a badly signed one refused), then two
// tables' games (24 clicks each, as TestScaleOut's small run), during which one worker is SIGKILLed and restarted 12 s
// later (as compose's restart policy would, after Caddy's fail_duration
// ran out once). Caddy must skip the dead worker: the only interactions
// without an answer are those in flight to it when it died (their
// players click again). Afterwards every table equals the replay of its
// log and every board was posted once.
func TestComposeTopology(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("three worker processes and Caddy play whole games for about a minute: not under -short or -race")
	}
	topo := readTopology(t)
	caddy := requireCaddy(t, topo.caddyImage)
	c := pgtest.Require(t)
	began := time.Now()
	dir := t.TempDir()
	bin := dockerfileBuild(t, dir)
	t.Logf("built as the Dockerfile does in %v", time.Since(began).Round(time.Millisecond))

	w := newScaleWorld(t, c, "zauberschwert")
	pub := hex.EncodeToString(w.key.Public().(ed25519.PublicKey))
	env := map[string]string{
		"DISCORD_TOKEN":          "compose-token",
		"DISCORD_APPLICATION_ID": fakediscord.AppID,
		"DISCORD_PUBLIC_KEY":     pub,
		"TAVERN_DATABASE_URL":    w.url,
	}
	if got := keys(topo.env); !slices.Equal(got, keys(env)) {
		t.Fatalf("compose sets the workers' environment %v; this test gives %v", got, keys(env))
	}
	var environ []string
	for k, v := range env {
		environ = append(environ, k+"="+v)
	}
	logs, args := make([]string, len(w.addrs)), make([][]string, len(w.addrs))
	for i, addr := range w.addrs {
		cfg, err := workerConfig(topo.config, addr, w.fake.APIURL())
		if err != nil {
			t.Fatalf("%s: %v", topo.configFile, err)
		}
		path := filepath.Join(dir, topo.workers[i]+".toml")
		logs[i] = filepath.Join(dir, topo.workers[i]+".log")
		if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
			t.Fatal(err)
		}
		args[i] = slices.Clone(topo.entrypoint[1:]) // entrypoint[0], /tavern, is bin
		args[i][slices.Index(args[i], topo.configAt)] = path
	}
	w.command = func(i int) *exec.Cmd {
		cmd := exec.Command(bin, args[i]...)
		cmd.Env = environ // exactly compose's environment: the container has no other
		if f, err := os.OpenFile(logs[i], os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600); err == nil {
			cmd.Stdout, cmd.Stderr = f, f
		}
		return cmd
	}
	t.Cleanup(func() {
		if t.Failed() {
			for i, l := range logs {
				data, _ := os.ReadFile(l)
				t.Logf("%s's log, last part:\n%s", topo.workers[i], tail(string(data), 2000))
			}
		}
	})
	for i := range w.workers {
		w.start(i)
	}

	_, _, front := endpointKeyAndAddr(t)
	_, _, admin := endpointKeyAndAddr(t)
	upstreams := map[string]string{}
	for i, name := range topo.workers {
		upstreams[name+":"+topo.port] = w.addrs[i]
	}
	_, frontPort, _ := strings.Cut(front, ":")
	caddyfile, err := localCaddyfile(topo.caddyfile, ":80", ":"+frontPort, upstreams, admin)
	if err != nil {
		t.Fatalf("%s: %v", topo.caddyfilePath, err)
	}
	startCaddy(t, caddy, dir, caddyfile, front)
	w.front = front
	checkPings(t, w, front)

	watch := watchUpstreams(admin)
	seed := scaleSeed()
	rng := games.NewRNG(seed ^ 0xc0de)
	victim, after, down := rng.IntN(len(w.workers)), int64(10+rng.IntN(20)), 12*time.Second
	var killed, dead time.Time
	fault := scaleFault{after, fmt.Sprintf("kill %s, restarted %v later", topo.workers[victim], down), func() {
		killed = time.Now()
		w.kill(victim)
		dead = time.Now()
		time.Sleep(down)
		w.start(victim)
	}}
	const tables, clicks = 2, 24 // as TestScaleOut's small run: whole games take minutes
	t.Logf("seed %d (TAVERN_SCALE_SEED reproduces it); %d tables of %s, %d clicks each", seed, tables, w.game, clicks)
	ok := w.play(tables, clicks, seed, []scaleFault{fault})
	marks := watch.stop()
	if killed.IsZero() {
		t.Fatal("the games ended before the kill")
	}
	if watch.err != nil {
		t.Logf("caddy's admin endpoint, last error: %v", watch.err)
	}
	w.checkFailover(killed, dead, down, marks, w.addrs[victim])
	if ok {
		w.checkStored(w.tables(tables), false)
	}
	t.Logf("the whole run (build included) took %v", time.Since(began).Round(time.Millisecond))
}

// requireCaddy is caddy's path, or skips the test saying how to get it
// (fails it when CI is set: .ci/run installs it). Its version must be at
// least image's (compose's proxy, caddy:X.Y): Debian bookworm's 2.6.2
// cannot retry an interaction on another worker (it sends the request's
// body, already read, again: "invalid Read on closed Body", 502, and it
// counts that failure against the live worker too).
func requireCaddy(t *testing.T, image string) string {
	t.Helper()
	m := regexp.MustCompile(`^caddy:(\d+)\.(\d+)$`).FindStringSubmatch(image)
	if m == nil {
		t.Fatalf("compose.yaml's proxy image %q names no caddy:X.Y version", image)
	}
	path, err := exec.LookPath("caddy")
	why := "no caddy on PATH"
	if err == nil {
		have := caddyVersion(path)
		if have != nil && version(have[0], have[1]) >= version(m[1], m[2]) {
			return path
		}
		why = fmt.Sprintf("%s is version %q, older than compose.yaml's %s (or unknown)", path, strings.Join(have, "."), image)
	}
	msg := "compose topology test skipped: " + why + " (go install github.com/caddyserver/caddy/v2/cmd/caddy@v2.11.9 into a directory on PATH; .ci/run does)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg + "; CI is set, so this fails instead of skipping")
	}
	t.Skip(msg)
	return ""
}

// caddyVersion is the major and minor version of the caddy at path, from
// `caddy version` (a release) or `caddy build-info` (go install prints
// "unknown" as its version), or nil.
func caddyVersion(path string) []string {
	release := regexp.MustCompile(`^v?(\d+)\.(\d+)\.`)
	module := regexp.MustCompile(`(?m)^mod\s+github\.com/caddyserver/caddy/v2\s+v(\d+)\.(\d+)\.`)
	for _, ask := range []struct {
		arg string
		re  *regexp.Regexp
	}{{"version", release}, {"build-info", module}} {
		out, err := exec.Command(path, ask.arg).Output()
		if m := ask.re.FindStringSubmatch(string(out)); err == nil && m != nil {
			return m[1:]
		}
	}
	return nil
}

// topology is what compose.yaml says about the workers and the proxy.
type topology struct {
	workers       []string          // the worker services, sorted
	entrypoint    []string          // a worker's entrypoint
	configAt      string            // the configuration's path inside the container
	configFile    string            // the file mounted there
	config        string            // its text
	port          string            // the port of interactions.listen
	env           map[string]string // a worker's environment
	caddyImage    string            // the proxy's image
	caddyfilePath string
	caddyfile     string
}

// readTopology reads compose.yaml (TestComposeFile checks it further).
func readTopology(t *testing.T) topology {
	t.Helper()
	services, workers := composeServices(t)
	topo := topology{workers: workers}
	if len(topo.workers) != 3 {
		t.Fatalf("compose.yaml has workers %v, want three", topo.workers)
	}
	worker := yamlMap(t, services, topo.workers[0])
	topo.entrypoint = yamlList(t, worker, "entrypoint")
	if at := slices.Index(topo.entrypoint, "--config"); at >= 0 && at+1 < len(topo.entrypoint) {
		topo.configAt = topo.entrypoint[at+1]
	}
	mounts := func(service map[string]any, inside string) string {
		host, ok := mountedAt(t, service, inside)
		if !ok {
			t.Fatalf("%s is not mounted", inside)
		}
		return host
	}
	topo.configFile = mounts(worker, topo.configAt)
	topo.env = map[string]string{}
	for k, v := range yamlMap(t, worker, "environment") {
		topo.env[k] = fmt.Sprint(v)
	}
	proxy := yamlMap(t, services, "proxy")
	topo.caddyImage = fmt.Sprint(proxy["image"])
	topo.caddyfilePath = mounts(proxy, "/etc/caddy/Caddyfile")
	for _, f := range []struct {
		path string
		text *string
	}{{topo.configFile, &topo.config}, {topo.caddyfilePath, &topo.caddyfile}} {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		*f.text = string(data)
	}
	m := regexp.MustCompile(`(?m)^listen = ".*:(\d+)"$`).FindStringSubmatch(topo.config)
	if m == nil {
		t.Fatalf("%s: no interactions.listen with a port", topo.configFile)
	}
	topo.port = m[1]
	return topo
}

// dockerfileBuild builds tavern into dir as the Dockerfile's build stage
// does (its go build command, run by sh in the repository, which is the
// build context) and returns the binary's path. The Dockerfile must copy
// that binary to /tavern, compose's entrypoint, and build with a Go at
// least as new as go.mod asks for.
func dockerfileBuild(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	line, err := dockerfileGoBuild(string(data), string(mod))
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	bin := filepath.Join(dir, "tavern")
	cmd := exec.Command("sh", "-c", strings.Replace(line, " -o /out/tavern ", " -o "+bin+" ", 1))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the Dockerfile's %q: %v\n%s", line, err, out)
	}
	return bin
}

// dockerfileGoBuild is the go build command of dockerfile's build stage,
// which writes /out/tavern; it is an error when that binary is not what
// the final image runs as /tavern, or when the build image's Go is older
// than gomod's go line.
func dockerfileGoBuild(dockerfile, gomod string) (string, error) {
	var builds []string
	for line := range strings.SplitSeq(dockerfile, "\n") {
		cmd, ok := strings.CutPrefix(line, "RUN ")
		if !ok {
			continue
		}
		for part := range strings.SplitSeq(cmd, " && ") {
			if strings.Contains(part, "go build") {
				builds = append(builds, strings.TrimSpace(part))
			}
		}
	}
	if len(builds) != 1 || strings.Count(builds[0], " -o /out/tavern ") != 1 {
		return "", fmt.Errorf("want one go build writing /out/tavern, found %q", builds)
	}
	if !regexp.MustCompile(`(?m)^COPY --from=build /out/tavern /tavern$`).MatchString(dockerfile) ||
		!regexp.MustCompile(`(?m)^ENTRYPOINT \["/tavern"`).MatchString(dockerfile) {
		return "", fmt.Errorf("the final image does not run /out/tavern as /tavern")
	}
	image := regexp.MustCompile(`(?m)^FROM golang:(\d+)\.(\d+)\S* AS build$`).FindStringSubmatch(dockerfile)
	want := regexp.MustCompile(`(?m)^go (\d+)\.(\d+)`).FindStringSubmatch(gomod)
	if image == nil || want == nil {
		return "", fmt.Errorf("no golang:X.Y build image, or no go line in go.mod")
	}
	if version(image[1], image[2]) < version(want[1], want[2]) {
		return "", fmt.Errorf("builds with golang:%s.%s, older than go.mod's go %s.%s", image[1], image[2], want[1], want[2])
	}
	return builds[0], nil
}

// version orders major.minor.
func version(major, minor string) int {
	a, _ := strconv.Atoi(major)
	b, _ := strconv.Atoi(minor)
	return a*1000 + b
}

// workerConfig is deploy's configuration for a worker on this machine:
// interactions.listen at addr (compose gives every worker the same port
// in a network of its own) and Discord at api (the fake; Tavern reads no
// environment variable for it). A configuration without exactly one
// listen line, or one that already names a [discord] table, is an error.
func workerConfig(deploy, addr, api string) (string, error) {
	listen := regexp.MustCompile(`(?m)^listen = "[^"]*"$`)
	if n := len(listen.FindAllString(deploy, -1)); n != 1 {
		return "", fmt.Errorf("%d listen lines, want 1", n)
	}
	if regexp.MustCompile(`(?m)^\[discord\]`).MatchString(deploy) {
		return "", fmt.Errorf("it has a [discord] table; give the fake Discord's api_url another way")
	}
	return listen.ReplaceAllLiteralString(deploy, fmt.Sprintf("listen = %q", addr)) +
		fmt.Sprintf("\n[discord]\napi_url = %q\n", api), nil
}

// localCaddyfile is the Caddyfile src for this machine: the site address
// site becomes local, each upstream (host:port) of upstreams its local
// address, and a global options block puts Caddy's admin endpoint at
// admin (its default, localhost:2019, is one per host). Every directive
// stays. Each replaced token must occur exactly once, and the
// reverse_proxy's upstreams must then be exactly the local ones: a
// Caddyfile that changed fails loudly instead of being half rewritten.
func localCaddyfile(src, site, local string, upstreams map[string]string, admin string) (string, error) {
	if strings.HasPrefix(strings.TrimSpace(src), "{") {
		return "", fmt.Errorf("it has a global options block; put the admin endpoint into it")
	}
	replace := map[string]string{site: local}
	for from, to := range upstreams {
		replace[from] = to
	}
	lines := strings.Split(src, "\n")
	for _, from := range keys(replace) {
		token := regexp.MustCompile(`(^|[ \t])` + regexp.QuoteMeta(from) + `([ \t]|$)`)
		n := 0
		for i, line := range lines {
			code := stripComment(line) // a comment may name anything
			n += len(token.FindAllStringIndex(code, -1))
			lines[i] = token.ReplaceAllString(code, "${1}"+strings.ReplaceAll(replace[from], "$", "$$")+"${2}") + line[len(code):]
		}
		if n != 1 {
			return "", fmt.Errorf("%q occurs %d times outside comments, want once", from, n)
		}
	}
	out := strings.Join(lines, "\n")
	m := regexp.MustCompile(`(?m)^\s*reverse_proxy\s+([^{\n]+)`).FindAllStringSubmatch(out, -1)
	if len(m) != 1 {
		return "", fmt.Errorf("%d reverse_proxy directives, want 1", len(m))
	}
	got, want := strings.Fields(m[0][1]), make([]string, 0, len(upstreams))
	for _, to := range upstreams {
		want = append(want, to)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return "", fmt.Errorf("reverse_proxy's upstreams are %v after replacing %v", got, keys(upstreams))
	}
	return fmt.Sprintf("{\n\tadmin %s\n}\n", admin) + out, nil
}

// startCaddy runs caddy with the Caddyfile text (its state in dir) until
// the test ends, and waits until front answers a signed PING.
func startCaddy(t *testing.T, caddy, dir, caddyfile, front string) {
	t.Helper()
	path := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(path, []byte(caddyfile), 0o600); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "caddy.log")
	log, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	cmd := exec.Command(caddy, "run", "--config", path, "--adapter", "caddyfile")
	cmd.Env = []string{"HOME=" + dir, "XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		data, _ := os.ReadFile(logPath)
		var notes []string // what caddy said besides the admin endpoint's requests
		for line := range strings.SplitSeq(string(data), "\n") {
			if line != "" && !strings.Contains(line, `"logger":"admin.api"`) && !strings.Contains(line, `"level":"info"`) {
				notes = append(notes, line)
			}
		}
		t.Logf("caddy's warnings and errors (%d):\n%s", len(notes), tail(strings.Join(notes, "\n"), 4000))
	})
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)) // any key: only the connection matters here
	for deadline := time.Now().Add(30 * time.Second); ; {
		select {
		case <-exited:
			data, _ := os.ReadFile(logPath)
			t.Fatalf("caddy exited:\n%s\nits Caddyfile:\n%s", tail(string(data), 3000), caddyfile)
		default:
		}
		if code, _, err := (&scaleWorld{}).exchange(front, []byte(`{"type":1}`), key); err == nil && code != http.StatusBadGateway {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("caddy never answered")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// checkPings sends signed PINGs through the front and straight to a
// worker (their latencies logged), and one signed with another key, which
// the worker behind Caddy must refuse.
func checkPings(t *testing.T, w *scaleWorld, front string) {
	t.Helper()
	ping := []byte(`{"type":1}`)
	for _, to := range []struct{ name, addr string }{{"through caddy", front}, {"straight to a worker", w.addrs[0]}} {
		var took []time.Duration
		for range 20 {
			began := time.Now()
			code, answer, err := w.exchange(to.addr, ping, w.key)
			took = append(took, time.Since(began))
			if err != nil || code != http.StatusOK || strings.TrimSpace(string(answer)) != `{"type":1}` {
				t.Fatalf("signed PING %s: %d %q %v, want 200 {\"type\":1}", to.name, code, answer, err)
			}
		}
		slices.Sort(took)
		t.Logf("signed PING %s: p50 %v, max %v (20 PINGs)", to.name, took[len(took)/2].Round(10*time.Microsecond), took[len(took)-1].Round(10*time.Microsecond))
	}
	_, other, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, err := w.exchange(front, ping, other); err != nil || code != http.StatusUnauthorized {
		t.Errorf("PING signed with another key through caddy: %d %v, want 401", code, err)
	}
}

// upstreamMark is a time Caddy counted failures against an upstream: from
// the first to when they expired (fail_duration), and how many at most.
type upstreamMark struct {
	addr        string
	from, until time.Time
	fails       int
}

// upstreamWatch polls Caddy's admin endpoint for the upstreams' failure
// counts until stopped.
type upstreamWatch struct {
	done  chan struct{}
	over  sync.WaitGroup
	marks []upstreamMark
	err   error
}

func watchUpstreams(admin string) *upstreamWatch {
	u := &upstreamWatch{done: make(chan struct{})}
	u.over.Add(1)
	go func() {
		defer u.over.Done()
		open := map[string]int{} // address: index of its open mark
		client := &http.Client{Timeout: 2 * time.Second}
		for {
			select {
			case <-u.done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			resp, err := client.Get("http://" + admin + "/reverse_proxy/upstreams")
			if err != nil {
				u.err = err
				continue
			}
			var ups []struct {
				Address string `json:"address"`
				Fails   int    `json:"fails"`
			}
			err = json.NewDecoder(resp.Body).Decode(&ups)
			resp.Body.Close()
			if err != nil {
				u.err = err
				continue
			}
			now := time.Now()
			for _, up := range ups {
				k, marked := open[up.Address]
				switch {
				case up.Fails > 0 && !marked:
					open[up.Address] = len(u.marks)
					u.marks = append(u.marks, upstreamMark{addr: up.Address, from: now, fails: up.Fails})
				case up.Fails > 0:
					u.marks[k].fails = max(u.marks[k].fails, up.Fails)
				case marked:
					u.marks[k].until = now
					delete(open, up.Address)
				}
			}
		}
	}()
	return u
}

// stop ends the watch and returns the marks seen (an open one has no until).
func (u *upstreamWatch) stop() []upstreamMark {
	close(u.done)
	u.over.Wait()
	return u.marks
}

// checkFailover checks that Caddy skipped the dead worker (victim, killed
// between killed and dead, down for down): every interaction that got no
// answer was in flight when it died, Caddy marked no live worker failed;
// and logs the figures: Caddy's marks of the dead worker, the answers'
// latencies before the kill and while it was down.
func (w *scaleWorld) checkFailover(killed, dead time.Time, down time.Duration, marks []upstreamMark, victim string) {
	t := w.t
	w.mu.Lock()
	posts := slices.Clone(w.posts)
	w.mu.Unlock()
	var lost int
	var before, during []time.Duration
	for _, p := range posts {
		switch took := p.end.Sub(p.start); {
		case p.code != http.StatusOK:
			if p.start.After(dead) || p.end.Before(killed) {
				t.Errorf("an interaction sent %v after the kill got %d (0: no answer), not in flight to the dead worker", p.start.Sub(killed).Round(time.Millisecond), p.code)
			}
			lost++
		case p.end.Before(killed):
			before = append(before, took)
		case p.start.After(dead) && p.start.Before(dead.Add(down)):
			during = append(during, took)
		}
	}
	t.Logf("%d interactions through caddy; %d without an answer, in flight when the worker was killed (clicked again)", len(posts), lost)
	t.Logf("answered before the kill: %s; while the worker was down: %s", durations(before), durations(during))
	for _, m := range marks {
		if m.addr != victim {
			t.Errorf("caddy counted %d failures against %s, a live worker, from %v after the kill", m.fails, m.addr, m.from.Sub(killed).Round(time.Millisecond))
			continue
		}
		until := "still marked at the end"
		if !m.until.IsZero() {
			until = fmt.Sprintf("until %v", m.until.Sub(killed).Round(time.Millisecond))
		}
		t.Logf("caddy marked the dead worker failed from %v after the kill %s, %d failures at most (each one request retried on a live worker, or the one in flight)", m.from.Sub(killed).Round(time.Millisecond), until, m.fails)
	}
	if !slices.ContainsFunc(marks, func(m upstreamMark) bool { return m.addr == victim }) {
		t.Logf("caddy never sent a request to the dead worker")
	}
}

// durations is n, p50, p99 and max of ds.
func durations(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	at := func(q float64) time.Duration {
		return ds[min(len(ds)-1, int(q*float64(len(ds))))].Round(time.Millisecond)
	}
	return fmt.Sprintf("%d, p50 %v, p99 %v, max %v", len(ds), at(0.5), at(0.99), ds[len(ds)-1].Round(time.Millisecond))
}

// tail is the last n bytes of s.
func tail(s string, n int) string {
	return s[max(0, len(s)-n):]
}

// TestLocalCaddyfile: deploy/Caddyfile is rewritten for one machine with
// every directive kept, and a Caddyfile that changed is refused rather
// than half rewritten.
func TestLocalCaddyfile(t *testing.T) {
	deploy, err := os.ReadFile("deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	ups := map[string]string{"worker1:8081": "127.0.0.1:1", "worker2:8081": "127.0.0.1:2", "worker3:8081": "127.0.0.1:3"}
	site := "# the proxy (replace :80 by your host)\n:80 {\n\treverse_proxy worker1:8081 worker2:8081 worker3:8081 {\n\t\tlb_policy round_robin\n\t}\n}\n"
	for _, tc := range []struct {
		name, src, wantErr string
	}{
		{name: "deploy/Caddyfile", src: string(deploy)},
		{name: "a comment names :80 and a worker", src: "# :80 worker1:8081\n" + site},
		{name: "a fourth upstream", src: strings.Replace(site, "worker3:8081", "worker3:8081 worker4:8081", 1), wantErr: "upstreams"},
		{name: "a worker missing", src: strings.Replace(site, " worker3:8081", "", 1), wantErr: `"worker3:8081" occurs 0 times`},
		{name: "another port", src: strings.ReplaceAll(site, ":8081", ":9000"), wantErr: "occurs 0 times"},
		{name: "a second site on :80", src: site + ":80 {\n\trespond 404\n}\n", wantErr: `":80" occurs 2 times`},
		{name: "a host name instead of :80", src: strings.Replace(site, "\n:80 {", "\ntavern.example {", 1), wantErr: `":80" occurs 0 times`},
		{name: "a second reverse_proxy", src: site + ":81 {\n\treverse_proxy 127.0.0.1:4\n}\n", wantErr: "2 reverse_proxy"},
		{name: "global options", src: "{\n\temail a@b.c\n}\n" + site, wantErr: "global options"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := localCaddyfile(tc.src, ":80", ":5", ups, "127.0.0.1:6")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one with %q; got\n%s", err, tc.wantErr, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// Every line of the source is kept, with only the tokens replaced.
			body, ok := strings.CutPrefix(got, "{\n\tadmin 127.0.0.1:6\n}\n")
			if !ok {
				t.Fatalf("no admin block first:\n%s", got)
			}
			want := tc.src
			for _, line := range strings.Split(want, "\n") {
				if code := stripComment(line); strings.Contains(code, ":80 {") || strings.Contains(code, "reverse_proxy") {
					fixed := strings.Replace(code, ":80 {", ":5 {", 1)
					for from, to := range ups {
						fixed = strings.Replace(fixed, from, to, 1)
					}
					want = strings.Replace(want, code, fixed, 1)
				}
			}
			if body != want {
				t.Errorf("got\n%s\nwant\n%s", body, want)
			}
			if strings.Contains(stripAllComments(body), "worker") {
				t.Errorf("a worker's name is left:\n%s", body)
			}
		})
	}
}

// stripAllComments is text without its comments.
func stripAllComments(text string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(text, "\n") {
		b.WriteString(stripComment(line) + "\n")
	}
	return b.String()
}

// TestDockerfileGoBuild: the go build line is found in the Dockerfile,
// and one that no longer builds what the image runs is refused.
func TestDockerfileGoBuild(t *testing.T) {
	real, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	mod := "module x\n\ngo 1.26.0\n"
	good := "FROM golang:1.26-bookworm AS build\nRUN go mod download\nRUN CGO_ENABLED=0 go build -trimpath -o /out/tavern . && mkdir -p /out/data\nFROM scratch\nCOPY --from=build /out/tavern /tavern\nENTRYPOINT [\"/tavern\"]\n"
	for _, tc := range []struct {
		name, dockerfile, gomod, want, wantErr string
	}{
		{name: "the Dockerfile", dockerfile: string(real), gomod: mod, want: `CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/tavern .`},
		{name: "a newer image", dockerfile: strings.Replace(good, "1.26", "1.27", 1), gomod: mod, want: "CGO_ENABLED=0 go build -trimpath -o /out/tavern ."},
		{name: "an older image", dockerfile: strings.Replace(good, "1.26", "1.25", 1), gomod: mod, wantErr: "older than go.mod's go 1.26"},
		{name: "another output", dockerfile: strings.Replace(good, "-o /out/tavern", "-o /out/bot", 1), gomod: mod, wantErr: "want one go build"},
		{name: "two builds", dockerfile: strings.Replace(good, "RUN go mod download", "RUN go build -o /out/tavern ./cmd", 1), gomod: mod, wantErr: "want one go build"},
		{name: "another binary copied", dockerfile: strings.Replace(good, "COPY --from=build /out/tavern /tavern", "COPY --from=build /out/x /tavern", 1), gomod: mod, wantErr: "does not run"},
		{name: "another entrypoint", dockerfile: strings.Replace(good, `ENTRYPOINT ["/tavern"]`, `ENTRYPOINT ["/bot"]`, 1), gomod: mod, wantErr: "does not run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := dockerfileGoBuild(tc.dockerfile, tc.gomod)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestWorkerConfig: deploy/tavern.toml gets only its listen address and
// the fake Discord, and still loads as the workers' configuration.
func TestWorkerConfig(t *testing.T) {
	deploy, err := os.ReadFile("deploy/tavern.toml")
	if err != nil {
		t.Fatal(err)
	}
	got, err := workerConfig(string(deploy), "127.0.0.1:7", "http://127.0.0.1:8/api/")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(deploy), `listen = ":8081"`, `listen = "127.0.0.1:7"`, 1) + "\n[discord]\napi_url = \"http://127.0.0.1:8/api/\"\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, tc := range []struct{ name, src, wantErr string }{
		{"two listen lines", string(deploy) + "\n[playground]\nlisten = \"127.0.0.1:9\"\n", "2 listen lines"},
		{"no listen line", strings.Replace(string(deploy), `listen = ":8081"`, "", 1), "0 listen lines"},
		{"a discord table", string(deploy) + "\n[discord]\nguild_id = \"1\"\n", "[discord]"},
	} {
		if _, err := workerConfig(tc.src, "127.0.0.1:7", "http://x/"); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.wantErr)
		}
	}
}
