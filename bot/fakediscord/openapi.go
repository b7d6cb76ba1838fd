package fakediscord

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SpecFile is where Discord's OpenAPI specification lies, relative to the
// module's root: in shared/ beside the repository, as in this workspace and
// in CI's clone.
const SpecFile = "../shared/discord/openapi.json"

// specURL names the specification inside the schema compiler; schema
// locations are JSON pointers into it.
const specURL = "file:///discord/openapi.json"

// Spec is Discord's OpenAPI 3.1 specification, ready to check what a bot
// sends Discord: each REST request (its route, path and query parameters,
// authorization and body) and each answer to an interaction. Schemas
// compile on first use and are kept; a Spec is safe for concurrent use.
//
// The JSON Schema 2020-12 checking is github.com/santhosh-tekuri/jsonschema:
// OpenAPI 3.1's schemas are plain JSON Schema 2020-12 (type lists, anyOf
// and oneOf unions, const), which it implements completely, with no
// dependency beyond golang.org/x/text. The OpenAPI part it lacks (routes,
// parameters, media types) is small and lives here.
type Spec struct {
	ops []*operation

	mu       sync.Mutex // guards compiler and schemas
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema // by location
}

// operation is one method on one path of the specification.
type operation struct {
	id       string // operationId
	method   string
	template string   // as in the specification: /channels/{channel_id}
	segments []string // the template split at "/"
	literals int      // segments that are not parameters
	params   []param
	// bodies maps each media type the request may have to the location of
	// its schema; bodyRequired says the request must have one.
	bodies       map[string]string
	bodyRequired bool
	// files lists the multipart file parts the specification declares.
	files map[string]bool
	// needsBot: every security requirement wants the bot's token.
	needsBot bool
}

// param is a path or query parameter and where its schema is.
type param struct {
	name, in string
	required bool
	schema   string
	kind     string // the schema's JSON type: how to read the text
}

// knownGap tells whether the specification is known to be narrower than
// Discord at one place, so that what a bot legitimately sends there is not
// counted against it; it returns the reason. Every such place is listed
// here and nowhere else.
func knownGap(operationID, what string) (reason string, ok bool) {
	switch {
	case operationID == "execute_webhook" && isFilePart(what):
		return "the multipart body of execute_webhook declares no files[n] parts, though Discord takes files " +
			"on webhook executions (an interaction's follow-up with a picture) as on every other message create", true
	}
	return "", false
}

var filePart = regexp.MustCompile(`^files\[(0|[1-9][0-9]*)\]$`)

func isFilePart(name string) bool { return filePart.MatchString(name) }

// loadSpecOnce loads and indexes the specification once per process: the
// file is 1.2 MB, and every fake in a test binary checks against it.
var loadSpecOnce = sync.OnceValues(func() (*Spec, error) {
	path, err := findSpec()
	if err != nil {
		return nil, err
	}
	return LoadSpec(path)
})

// errNoSpec says the specification file is not where SpecFile puts it.
var errNoSpec = errors.New("no Discord OpenAPI specification")

// findSpec finds SpecFile from the working directory's module root.
func findSpec() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("fakediscord: find the module root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%w: no go.mod above the working directory", errNoSpec)
		}
		dir = parent
	}
	path := filepath.Join(dir, filepath.FromSlash(SpecFile))
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%w at %s (%s beside the module root): %v", errNoSpec, path, SpecFile, err)
	}
	return path, nil
}

// LoadSpec reads and indexes the specification at path.
func LoadSpec(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: open the OpenAPI specification: %w", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: read the OpenAPI specification %s: %w", path, err)
	}
	s := &Spec{compiler: jsonschema.NewCompiler(), schemas: map[string]*jsonschema.Schema{}}
	s.compiler.DefaultDraft(jsonschema.Draft2020)
	if err := s.compiler.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("fakediscord: load the OpenAPI specification %s: %w", path, err)
	}
	if s.ops, err = indexOperations(doc); err != nil {
		return nil, fmt.Errorf("fakediscord: index the OpenAPI specification %s: %w", path, err)
	}
	return s, nil
}

// pointer escapes one JSON pointer token.
func pointer(tokens ...string) string {
	var b strings.Builder
	b.WriteString(specURL + "#")
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// indexOperations lists every operation of the document's paths.
func indexOperations(doc any) ([]*operation, error) {
	root, _ := doc.(map[string]any)
	paths, ok := root["paths"].(map[string]any)
	if !ok {
		return nil, errors.New("no paths")
	}
	var ops []*operation
	for tmpl, v := range paths {
		item, _ := v.(map[string]any)
		shared, err := readParams(root, item["parameters"], "paths", tmpl, "parameters")
		if err != nil {
			return nil, err
		}
		for method, v := range item {
			od, ok := v.(map[string]any)
			if !ok || method == "parameters" {
				continue
			}
			op := &operation{method: strings.ToUpper(method), template: tmpl, segments: strings.Split(tmpl, "/")}
			op.id, _ = od["operationId"].(string)
			for _, s := range op.segments {
				if !strings.HasPrefix(s, "{") {
					op.literals++
				}
			}
			own, err := readParams(root, od["parameters"], "paths", tmpl, method, "parameters")
			if err != nil {
				return nil, err
			}
			op.params = append(shared, own...)
			op.needsBot = needsBot(od["security"])
			readBody(op, od["requestBody"], tmpl, method)
			ops = append(ops, op)
		}
	}
	// The most literal template first, so that .../messages/pins wins
	// over .../messages/{message_id}.
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].literals != ops[j].literals {
			return ops[i].literals > ops[j].literals
		}
		return ops[i].template < ops[j].template
	})
	return ops, nil
}

// readParams reads a parameters list whose location is at.
func readParams(root map[string]any, v any, at ...string) ([]param, error) {
	list, _ := v.([]any)
	var out []param
	for i, pv := range list {
		p, _ := pv.(map[string]any)
		loc := append(append([]string(nil), at...), fmt.Sprint(i))
		if ref, ok := p["$ref"].(string); ok {
			return nil, fmt.Errorf("parameter %s is a reference (%s), which this reader does not follow", strings.Join(loc, "/"), ref)
		}
		pr := param{schema: pointer(append(loc, "schema")...)}
		pr.name, _ = p["name"].(string)
		pr.in, _ = p["in"].(string)
		pr.required, _ = p["required"].(bool)
		pr.kind = schemaKind(root, p["schema"])
		out = append(out, pr)
	}
	return out, nil
}

// schemaKind is the JSON type a parameter's schema wants, following one
// local reference: "string" unless it says otherwise.
func schemaKind(root map[string]any, v any) string {
	s, _ := v.(map[string]any)
	if ref, ok := s["$ref"].(string); ok {
		s = resolve(root, ref)
	}
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if x, ok := x.(string); ok && x != "null" {
				return x
			}
		}
	}
	return "string"
}

// resolve follows a local reference such as #/components/schemas/X.
func resolve(root map[string]any, ref string) map[string]any {
	var cur any = root
	for _, t := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, _ := cur.(map[string]any)
		cur = m[strings.NewReplacer("~1", "/", "~0", "~").Replace(t)]
	}
	m, _ := cur.(map[string]any)
	return m
}

// needsBot reports whether every requirement of an operation's security
// wants the bot's token (an empty requirement means none is needed).
func needsBot(v any) bool {
	reqs, _ := v.([]any)
	if len(reqs) == 0 {
		return false
	}
	for _, r := range reqs {
		m, _ := r.(map[string]any)
		if _, bot := m["BotToken"]; !bot {
			return false
		}
	}
	return true
}

// readBody notes the media types of an operation's request body and the
// file parts its multipart form declares.
func readBody(op *operation, v any, tmpl, method string) {
	rb, ok := v.(map[string]any)
	if !ok {
		return
	}
	op.bodyRequired, _ = rb["required"].(bool)
	content, _ := rb["content"].(map[string]any)
	op.bodies = map[string]string{}
	op.files = map[string]bool{}
	for mt, v := range content {
		op.bodies[mt] = pointer("paths", tmpl, method, "requestBody", "content", mt, "schema")
		if mt != "multipart/form-data" {
			continue
		}
		media, _ := v.(map[string]any)
		schema, _ := media["schema"].(map[string]any)
		parts, _ := schema["allOf"].([]any)
		for _, p := range append(parts, schema) {
			pm, _ := p.(map[string]any)
			props, _ := pm["properties"].(map[string]any)
			for name := range props {
				if isFilePart(name) {
					op.files[name] = true
				}
			}
		}
	}
}

// interactionAnswer is the operation whose body an interaction's answer
// is, whether it comes by REST or as the HTTP endpoint's response.
const interactionAnswer = "create_interaction_response"

// schema compiles (once) and returns the schema at loc.
func (s *Spec) schema(loc string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.schemas[loc]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", loc, err)
	}
	s.schemas[loc] = sch
	return sch, nil
}

// match finds the operation for a method and a path below /api/v10, and
// the path parameters' values.
func (s *Spec) match(method, path string) (*operation, map[string]string) {
	segs := strings.Split(path, "/")
	for _, op := range s.ops {
		if op.method != method || len(op.segments) != len(segs) {
			continue
		}
		vals := map[string]string{}
		ok := true
		for i, t := range op.segments {
			if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
				vals[t[1:len(t)-1]] = segs[i]
			} else if t != segs[i] {
				ok = false
				break
			}
		}
		if ok {
			return op, vals
		}
	}
	return nil, nil
}

// CheckRequest checks one REST request against the specification: that
// its method and path are an operation, that its parameters, authorization
// and media type are what the operation takes, and that its body matches
// the operation's schema. path is below the API's version prefix
// (/channels/1/messages). body is the request's whole body.
func (s *Spec) CheckRequest(method, path string, header http.Header, query url.Values, body []byte) error {
	op, vals := s.match(method, path)
	if op == nil {
		return fmt.Errorf("%s %s is no operation of Discord's API", method, path)
	}
	if strings.HasPrefix(op.id, "deprecated_") {
		return fmt.Errorf("%s (%s %s) is deprecated: Discord names it so", op.id, op.method, op.template)
	}
	if err := s.checkParams(op, vals, query); err != nil {
		return fmt.Errorf("%s (%s %s): %w", op.id, op.method, op.template, err)
	}
	if op.needsBot && !strings.HasPrefix(header.Get("Authorization"), "Bot ") {
		return fmt.Errorf("%s (%s %s): no bot token in the Authorization header", op.id, op.method, op.template)
	}
	if err := s.checkBody(op, header.Get("Content-Type"), body); err != nil {
		return fmt.Errorf("%s (%s %s): %w", op.id, op.method, op.template, err)
	}
	return nil
}

// CheckInteractionAnswer checks the body of an answer to an interaction,
// as the HTTP interactions endpoint returns it: it is the body of
// create_interaction_response.
func (s *Spec) CheckInteractionAnswer(body []byte) error {
	for _, op := range s.ops {
		if op.id == interactionAnswer {
			if err := s.checkJSON(op.bodies["application/json"], body); err != nil {
				return fmt.Errorf("interaction answer (%s): %w", interactionAnswer, err)
			}
			return nil
		}
	}
	return fmt.Errorf("the specification has no %s", interactionAnswer)
}

func (s *Spec) checkParams(op *operation, vals map[string]string, query url.Values) error {
	known := map[string]bool{}
	for _, p := range op.params {
		var v string
		var present bool
		switch p.in {
		case "path":
			v, present = vals[p.name]
		case "query":
			known[p.name] = true
			if vs, ok := query[p.name]; ok {
				if len(vs) != 1 {
					return fmt.Errorf("query parameter %q given %d times", p.name, len(vs))
				}
				v, present = vs[0], true
			}
		default:
			continue
		}
		if !present {
			if p.required {
				return fmt.Errorf("%s parameter %q is missing", p.in, p.name)
			}
			continue
		}
		if err := s.checkParam(p, v); err != nil {
			return err
		}
	}
	for name := range query {
		if !known[name] {
			return fmt.Errorf("unknown query parameter %q", name)
		}
	}
	return nil
}

// checkParam reads a parameter's text as its schema's type and checks it.
func (s *Spec) checkParam(p param, text string) error {
	var v any = text
	if p.kind != "string" {
		parsed, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
		if err != nil {
			return fmt.Errorf("%s parameter %q: %q is no %s", p.in, p.name, text, p.kind)
		}
		v = parsed
	}
	sch, err := s.schema(p.schema)
	if err != nil {
		return err
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("%s parameter %q = %q: %w", p.in, p.name, text, err)
	}
	return nil
}

func (s *Spec) checkBody(op *operation, contentType string, body []byte) error {
	if len(body) == 0 {
		if op.bodyRequired {
			return errors.New("the request has no body, which the operation requires")
		}
		return nil
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("a body with content type %q: %w", contentType, err)
	}
	loc, ok := op.bodies[mt]
	if !ok {
		return fmt.Errorf("a body of type %s, which the operation does not take", mt)
	}
	if mt == "multipart/form-data" {
		return s.checkMultipart(op, loc, params["boundary"], body)
	}
	return s.checkJSON(loc, body)
}

// checkJSON checks a JSON document against the schema at loc.
func (s *Spec) checkJSON(loc string, body []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("the body is no JSON: %w", err)
	}
	sch, err := s.schema(loc)
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// checkMultipart checks a multipart body as Discord reads one: the
// payload_json part is the JSON body, the files[n] parts are files.
func (s *Spec) checkMultipart(op *operation, loc, boundary string, body []byte) error {
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	payloads := 0
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("read the multipart body: %w", err)
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return fmt.Errorf("read the multipart body: %w", err)
		}
		switch name := part.FormName(); {
		case name == "payload_json":
			payloads++
			if err := s.checkJSON(loc, data); err != nil {
				return fmt.Errorf("payload_json: %w", err)
			}
		case isFilePart(name):
			if _, gap := knownGap(op.id, name); !op.files[name] && !gap {
				return fmt.Errorf("multipart part %q, which the operation does not declare", name)
			}
			// Beyond the specification: Discord trusts the declared type,
			// so a file must be declared as what its bytes are.
			if declared, sniffed := part.Header.Get("Content-Type"), http.DetectContentType(data); declared != sniffed {
				return fmt.Errorf("multipart part %q (%s) is declared %q but its bytes are %q", name, part.FileName(), declared, sniffed)
			}
		default:
			return fmt.Errorf("multipart part %q, which Discord does not read", name)
		}
	}
	if payloads > 1 {
		return fmt.Errorf("%d payload_json parts in a multipart body", payloads)
	}
	return nil
}
