package main

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/config"
)

// TestComposeFile checks compose.yaml as far as it can be without Docker
// (there is none here: the file has never been run): it parses; it has
// PostgreSQL, three workers and the proxy; every worker runs the
// configuration it mounts, which serves HTTP interactions over
// PostgreSQL; every environment key it sets to a worker is one Tavern
// reads; its database URL names the db service, its user, database and
// password; and the proxy's upstreams are exactly the workers, on the
// port of interactions.listen.
func TestComposeFile(t *testing.T) {
	services, workers := composeServices(t)
	if _, ok := services["db"]; !ok || services["proxy"] == nil || len(workers) != 3 {
		t.Fatalf("services %v, want db, proxy and three workers", keys(services))
	}
	db := yamlMap(t, services, "db")
	dbEnv := yamlMap(t, db, "environment")
	if image, _ := db["image"].(string); !strings.HasPrefix(image, "postgres:") {
		t.Errorf("db image %q, want postgres", image)
	}

	// What Tavern reads from the environment: the keys Load asks for.
	asked := map[string]bool{}
	_, _ = config.Load("", true, func(k string) string { asked[k] = true; return "" }) // only the keys matter
	var listen string
	for _, name := range workers {
		w := yamlMap(t, services, name)
		entry := yamlList(t, w, "entrypoint")
		at := slices.Index(entry, "--config")
		if at < 0 || at+1 >= len(entry) {
			t.Fatalf("%s: entrypoint %v names no --config", name, entry)
		}
		mounted, ok := mountedAt(t, w, entry[at+1])
		if !ok {
			t.Fatalf("%s: %s is not mounted (volumes %v)", name, entry[at+1], yamlList(t, w, "volumes"))
		}
		env := yamlMap(t, w, "environment")
		values := map[string]string{}
		for k, v := range env {
			if !asked[k] {
				t.Errorf("%s: environment key %s is not one Tavern reads (%v)", name, k, keys(asked))
			}
			values[k] = fmt.Sprint(v)
		}
		cfg, err := config.Load(mounted, false, func(k string) string {
			return regexp.MustCompile(`\$\{[^}]*\}`).ReplaceAllString(values[k], "x") // ${VAR:?…} as compose fills it
		})
		if err != nil {
			t.Fatalf("%s: its configuration %s with its environment does not load: %v", name, mounted, err)
		}
		if cfg.Mode() != config.ModeHTTP || cfg.Storage.Backend != config.BackendPostgres {
			t.Errorf("%s: mode %v over %s, want HTTP interactions over PostgreSQL", name, cfg.Mode(), cfg.Storage.Backend)
		}
		listen = cfg.Interactions.Listen
		u, err := url.Parse(regexp.MustCompile(`\$\{([A-Z_]+)[^}]*\}`).ReplaceAllString(values["TAVERN_DATABASE_URL"], "$$$1"))
		if err != nil {
			t.Fatalf("%s: database URL: %v", name, err)
		}
		password, _ := u.User.Password()
		if u.Hostname() != "db" || u.Port() != "5432" || u.User.Username() != fmt.Sprint(dbEnv["POSTGRES_USER"]) ||
			strings.TrimPrefix(u.Path, "/") != fmt.Sprint(dbEnv["POSTGRES_DB"]) || password != "$POSTGRES_PASSWORD" ||
			!strings.Contains(fmt.Sprint(dbEnv["POSTGRES_PASSWORD"]), "${POSTGRES_PASSWORD") {
			t.Errorf("%s: database URL %s does not name the db service's user, database and password (%v)", name, u.Redacted(), dbEnv)
		}
		if _, ok := yamlMap(t, w, "depends_on")["db"]; !ok {
			t.Errorf("%s does not wait for db", name)
		}
	}

	proxy := yamlMap(t, services, "proxy")
	caddyfile, _ := mountedAt(t, proxy, "/etc/caddy/Caddyfile")
	caddy, err := os.ReadFile(caddyfile)
	if err != nil {
		t.Fatalf("the proxy's Caddyfile (%q): %v", caddyfile, err)
	}
	m := regexp.MustCompile(`(?m)^\s*reverse_proxy\s+([^{\n]+)`).FindStringSubmatch(string(caddy))
	if m == nil {
		t.Fatalf("%s has no reverse_proxy", caddyfile)
	}
	_, port, _ := strings.Cut(listen, ":")
	var want []string
	for _, w := range workers {
		want = append(want, w+":"+port)
	}
	upstreams := strings.Fields(m[1])
	slices.Sort(upstreams)
	if !slices.Equal(upstreams, want) {
		t.Errorf("the proxy's upstreams %v, want the workers on interactions.listen's port: %v", upstreams, want)
	}
	if deps := yamlList(t, proxy, "depends_on"); !slices.Equal(deps, workers) {
		t.Errorf("the proxy depends on %v, want %v", deps, workers)
	}
}

// keys lists m's keys, sorted.
func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// yamlMap is m[key] as a mapping, failing the test otherwise.
func yamlMap(t *testing.T, m map[string]any, key string) map[string]any {
	t.Helper()
	v, ok := m[key].(map[string]any)
	if !ok {
		t.Fatalf("%q is %T, want a mapping", key, m[key])
	}
	return v
}

// yamlList is m[key] as a list of scalars, failing the test otherwise.
func yamlList(t *testing.T, m map[string]any, key string) []string {
	t.Helper()
	v, ok := m[key].([]string)
	if !ok {
		t.Fatalf("%q is %T, want a list", key, m[key])
	}
	return v
}

// yamlLine is a line of YAML without its comment: its indentation and text.
type yamlLine struct {
	indent int
	text   string
	no     int
}

// parseYAMLSubset reads the YAML compose.yaml uses (no library for it is
// among the module's dependencies): nested block mappings, block lists and
// flow lists of scalars, quoted or plain scalars, empty values (null),
// comments, and anchors on mappings with their aliases. Anything else is
// an error.
func parseYAMLSubset(src string) (map[string]any, error) {
	var lines []yamlLine
	for i, raw := range strings.Split(src, "\n") {
		text := stripComment(raw)
		if strings.TrimSpace(text) == "" {
			continue
		}
		if strings.Contains(text, "\t") {
			return nil, fmt.Errorf("line %d: a tab", i+1)
		}
		trimmed := strings.TrimLeft(text, " ")
		lines = append(lines, yamlLine{indent: len(text) - len(trimmed), text: strings.TrimRight(trimmed, " "), no: i + 1})
	}
	p := &yamlParser{lines: lines, anchors: map[string]any{}}
	v, err := p.block(0)
	if err != nil {
		return nil, err
	}
	if p.at < len(lines) {
		return nil, fmt.Errorf("line %d: indentation", lines[p.at].no)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the document is not a mapping")
	}
	return m, nil
}

// stripComment cuts a comment (a # at the start or after a space, outside
// quotes) off line.
func stripComment(line string) string {
	quote := rune(0)
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' '):
			return line[:i]
		}
	}
	return line
}

type yamlParser struct {
	lines   []yamlLine
	at      int
	anchors map[string]any
}

// block reads the mapping or list whose lines are indented indent.
func (p *yamlParser) block(indent int) (any, error) {
	if p.at >= len(p.lines) || p.lines[p.at].indent != indent {
		return nil, fmt.Errorf("line %d: a block expected", p.lines[min(p.at, len(p.lines)-1)].no)
	}
	if strings.HasPrefix(p.lines[p.at].text, "- ") {
		var list []string
		for p.at < len(p.lines) && p.lines[p.at].indent == indent && strings.HasPrefix(p.lines[p.at].text, "- ") {
			list = append(list, unquote(strings.TrimPrefix(p.lines[p.at].text, "- ")))
			p.at++
		}
		return list, nil
	}
	m := map[string]any{}
	for p.at < len(p.lines) && p.lines[p.at].indent == indent {
		l := p.lines[p.at]
		key, value, ok := strings.Cut(l.text, ":")
		if !ok || value != "" && value[0] != ' ' {
			return nil, fmt.Errorf("line %d: not a key: %q", l.no, l.text)
		}
		key, value = unquote(key), strings.TrimSpace(value)
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("line %d: %q twice", l.no, key)
		}
		p.at++
		anchor := ""
		if strings.HasPrefix(value, "&") {
			anchor, value = value[1:], ""
		}
		switch {
		case value == "":
			if p.at >= len(p.lines) || p.lines[p.at].indent <= indent {
				m[key] = nil // null, as a named volume's empty entry
				continue
			}
			v, err := p.block(p.lines[p.at].indent)
			if err != nil {
				return nil, err
			}
			m[key] = v
			if anchor != "" {
				p.anchors[anchor] = v
			}
		case strings.HasPrefix(value, "*"):
			v, ok := p.anchors[value[1:]]
			if !ok {
				return nil, fmt.Errorf("line %d: unknown alias %s", l.no, value)
			}
			m[key] = v
		case strings.HasPrefix(value, "["):
			if !strings.HasSuffix(value, "]") {
				return nil, fmt.Errorf("line %d: a flow list on one line expected", l.no)
			}
			var list []string
			for item := range strings.SplitSeq(value[1:len(value)-1], ",") {
				list = append(list, unquote(strings.TrimSpace(item)))
			}
			m[key] = list
		default:
			m[key] = unquote(value)
		}
	}
	return m, nil
}

// unquote strips a scalar's quotes.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

// composeServices reads compose.yaml: its services, and the names of the
// worker services, sorted.
func composeServices(t *testing.T) (services map[string]any, workers []string) {
	t.Helper()
	data, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parseYAMLSubset(string(data))
	if err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	services = yamlMap(t, doc, "services")
	for name := range services {
		if strings.HasPrefix(name, "worker") {
			workers = append(workers, name)
		}
	}
	slices.Sort(workers)
	return services, workers
}

// mountedAt is the host file a service of compose.yaml mounts at inside.
func mountedAt(t *testing.T, service map[string]any, inside string) (host string, ok bool) {
	t.Helper()
	for _, v := range yamlList(t, service, "volumes") {
		if h, in, found := strings.Cut(strings.TrimSuffix(v, ":ro"), ":"); found && in == inside {
			return h, true
		}
	}
	return "", false
}
