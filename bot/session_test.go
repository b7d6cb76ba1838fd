package bot

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

func TestRewriteTransport(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Host+" "+r.URL.RequestURI())
	}))
	defer srv.Close()
	srvURL, _ := url.Parse(srv.URL)
	cases := []struct {
		base, in, want string
	}{
		{srv.URL + "/api/v10/", "https://discord.com/api/v9/channels/1/messages?wait=true", srvURL.Host + " /api/v10/channels/1/messages?wait=true"},
		{srv.URL + "/prefix", "https://discord.com/api/v9/gateway", srvURL.Host + " /prefix/gateway"},
		{srv.URL + "/", "https://discord.com/api/webhooks/1/tok/messages/@original", srvURL.Host + " /webhooks/1/tok/messages/@original"},
		{srv.URL + "/x/", srv.URL + "/untouched", srvURL.Host + " /untouched"},
	}
	for _, tc := range cases {
		got = nil
		s, err := NewSession("t", tc.base)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := s.Client.Get(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		resp.Body.Close()
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s via %s reached %q, want %q", tc.in, tc.base, got, tc.want)
		}
	}
}

func TestNewSessionRejectsBadURL(t *testing.T) {
	for _, u := range []string{"ftp://x/", "not a url", "http://"} {
		if _, err := NewSession("t", u); err == nil {
			t.Errorf("NewSession accepted %q", u)
		}
	}
	if s, err := NewSession("Bot t", ""); err != nil || s.Token != "Bot t" {
		t.Errorf("default session: token %q, err %v", s.Token, err)
	}
}
