package budget

import (
	"net/url"
	"testing"
)

func TestRouteOf(t *testing.T) {
	cases := []struct {
		method, url string
		want        Route
		ok          bool
	}{
		{"POST", "https://discord.com/api/v9/channels/123/messages", Route{Key: "POST channels/123/messages", Major: "123"}, true},
		{"PATCH", "https://discord.com/api/v9/channels/123/messages/456", Route{Key: "PATCH channels/123/messages/:id", Major: "123"}, true},
		{"PUT", "https://discord.com/api/v9/channels/123/messages/pins/456", Route{Key: "PUT channels/123/messages/pins/:id", Major: "123"}, true},
		{"PATCH", "https://discord.com/api/v9/channels/123", Route{Key: "PATCH channels/123", Major: "123"}, true},
		{"POST", "https://discord.com/api/v9/users/@me/channels", Route{Key: "POST users/@me/channels"}, true},
		{"PUT", "https://discord.com/api/v9/applications/9/guilds/8/commands", Route{Key: "PUT applications/:id/guilds/:id/commands"}, true},
		{"GET", "https://discord.com/api/v9/gateway", Route{Key: "GET gateway"}, true},
		{"GET", "http://127.0.0.1:5/api/gateway", Route{Key: "GET gateway"}, true},
		// The interaction endpoints are outside the global limit.
		{"POST", "https://discord.com/api/v9/interactions/1/tok/callback", Route{Key: "POST interactions", Exempt: true}, true},
		{"PATCH", "http://127.0.0.1:5/api/v10/webhooks/9/tok/messages/@original", Route{Key: "PATCH webhooks", Exempt: true}, true},
		{"POST", "https://discord.com/api/v9/webhooks/9/tok?wait=true", Route{Key: "POST webhooks", Exempt: true}, true},
		// Not the API.
		{"GET", "https://cdn.discordapp.com/attachments/1/2/board.png", Route{}, false},
	}
	for _, tc := range cases {
		u, err := url.Parse(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := RouteOf(tc.method, u)
		if got != tc.want || ok != tc.ok {
			t.Errorf("RouteOf(%s %s) = %+v, %v; want %+v, %v", tc.method, tc.url, got, ok, tc.want, tc.ok)
		}
	}
}
