package tabletest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// TurnID is the turn game's id.
const TurnID = "turngame"

// The turn game's move ids besides the spots (see TurnSpot).
const (
	TurnDraw = "draw" // step: draw a card into the hidden hand (reveals randomness)
	TurnEnd  = "end"  // commit: score the marked spots and pass the turn
	TurnKeep = "keep" // secret: keep the hand
	TurnToss = "toss" // secret: toss the hand for points
)

// Rules of the turn game.
const (
	turnSpots      = 6  // public spots, numbered 1..6
	turnPlacements = 3  // markers a seat may place per turn
	turnDeckSize   = 12 // cards numbered 1..12
	turnTossPoints = 6  // points per tossed card
)

// Stages of the turn game.
const (
	stageTurn   = "turn"
	stageSecret = "secret"
	stageOver   = "over"
)

// TurnSpot is the move id of placing a marker on spot n (1..6): "p1".."p6".
func TurnSpot(n int) string { return "p" + strconv.Itoa(n) }

// spotOf parses a TurnSpot id; ok is false for anything else.
func spotOf(move string) (n int, ok bool) {
	if len(move) != 2 || move[0] != 'p' {
		return 0, false
	}
	n = int(move[1] - '0')
	return n, n >= 1 && n <= turnSpots
}

// TurnGame returns the turn game: a tiny deterministic game whose turns
// take several steps, for tests of uncommitted steps, phase timers and bots.
// On its turn a seat marks up to three of six public spots and may draw one
// card from a shuffled deck into its hidden hand, each an uncommitted step
// (the draw also reveals); ending the turn commits it and scores the numbers
// of the spots marked. All prompts of one turn share the phase
// "turn-<round>-<seat>". After every seat's turn, all seats secretly keep
// or toss their hands at once: a tossed hand scores 6 per card and is
// shuffled back into the deck, a kept hand scores its card values when the
// game ends.
func TurnGame() games.Game { return turnGame{} }

// TurnPolicy is the turn game's bot: on its turn it places on the highest
// free spot while it may, then draws, then ends; in secret it keeps a hand
// worth at least what tossing it would score, and tosses otherwise. It reads
// only the seat's own view and ignores the seed, so it is deterministic.
func TurnPolicy() games.Policy { return games.PolicyFunc(chooseTurnMove) }

type turnGame struct{}

// Policy returns TurnPolicy, for callers that look up a game's own bot.
func (turnGame) Policy() games.Policy { return TurnPolicy() }

func (turnGame) Info() games.Info {
	return games.Info{
		ID:         TurnID,
		PhaseTimer: true,
		Name:       games.T("turn.name"),
		MinPlayers: 2,
		MaxPlayers: 4,
		Options: []games.OptionSpec{
			{ID: "rounds", Label: games.T("turn.opt.rounds"), Choices: []string{"1", "2", "3"}, Default: "2"},
		},
		Rules: []games.RuleTopic{
			{ID: "goal", Title: games.T("turn.rules.goal.title"), Body: games.T("turn.rules.goal.body")},
			{ID: "turn", Title: games.T("turn.rules.turn.title"), Body: games.T("turn.rules.turn.body")},
			{ID: "secret", Title: games.T("turn.rules.secret.title"), Body: games.T("turn.rules.secret.body")},
		},
		Catalog: turnCatalog(),
	}
}

// TurnState is the turn game's state.
type TurnState struct {
	Rounds int    `json:"rounds"`
	Round  int    `json:"round"`
	Stage  string `json:"stage"` // "turn", "secret", "over"
	Turn   int    `json:"turn"`
	// Placed lists the spots marked in the current turn, in order.
	Placed []int `json:"placed"`
	// Drawn is true once the current turn has drawn its card.
	Drawn   bool       `json:"drawn"`
	Points  []int      `json:"points"`
	Hands   [][]int    `json:"hands"`   // hidden card values by seat
	Deck    []int      `json:"deck"`    // hidden order; the top is Deck[0]
	Choices []string   `json:"choices"` // secret answers of this round; "" = not yet
	RNG     *games.RNG `json:"rng"`
}

// TurnPublicView is what the channel sees: everything but card values,
// deck order and unrevealed secret choices.
type TurnPublicView struct {
	Round, Rounds, Turn int
	Stage               string
	Placed              []int // spots marked in the current turn
	Drawn               bool
	Points              []int
	HandSizes           []int
	DeckSize            int
	Waiting             []int // seats still choosing in secret
}

// TurnPrivateView is what one seat sees.
type TurnPrivateView struct {
	TurnPublicView
	Seat int
	// Hand names the seat's cards ("zz7"): hidden facts carry SecretMarker.
	Hand    []string
	HandSum int
	Choice  string // this round's secret answer, "" before it
}

func (turnGame) New(s games.Setup) (games.State, error) {
	if s.Players < 2 || s.Players > 4 {
		return nil, games.Errorf("turn.err.players")
	}
	rounds, err := strconv.Atoi(s.Options["rounds"])
	if err != nil || rounds < 1 || rounds > 3 {
		return nil, games.Errorf("turn.err.rounds")
	}
	st := &TurnState{
		Rounds: rounds, Round: 1, Stage: stageTurn,
		Points: make([]int, s.Players), Hands: make([][]int, s.Players),
		RNG: games.NewRNG(s.Seed),
	}
	for n := 1; n <= turnDeckSize; n++ {
		st.Deck = append(st.Deck, n)
	}
	games.Shuffle(st.RNG, st.Deck)
	return st, nil
}

func (turnGame) Load(data []byte) (games.State, error) {
	var st TurnState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("turngame: load: %w", err)
	}
	return &st, nil
}

// MarshalJSON stores the complete state.
func (s *TurnState) MarshalJSON() ([]byte, error) {
	type plain TurnState
	return json.Marshal((*plain)(s))
}

// Pending lists the awaited decisions: the seat on turn, or every seat that
// has not yet answered the secret step.
func (s *TurnState) Pending() []games.Prompt {
	switch s.Stage {
	case stageTurn:
		return []games.Prompt{s.turnPrompt()}
	case stageSecret:
		var out []games.Prompt
		for seat, c := range s.Choices {
			if c != "" {
				continue
			}
			out = append(out, games.Prompt{Seat: seat, Secret: true, Text: games.T("turn.prompt.secret"), Options: []games.Option{
				{ID: TurnKeep, Label: games.T("turn.opt.keep")},
				{ID: TurnToss, Label: games.T("turn.opt.toss", "n", turnTossPoints)},
			}})
		}
		return out
	}
	return nil
}

// turnPrompt offers the free spots while markers remain, the draw once per
// turn, and the end, which is always legal.
func (s *TurnState) turnPrompt() games.Prompt {
	p := games.Prompt{
		Seat:  s.Turn,
		Text:  games.T("turn.prompt.turn", "placed", len(s.Placed), "max", turnPlacements),
		Phase: fmt.Sprintf("turn-%d-%d", s.Round, s.Turn),
	}
	if len(s.Placed) < turnPlacements {
		for n := 1; n <= turnSpots; n++ {
			if !slices.Contains(s.Placed, n) {
				p.Options = append(p.Options, games.Option{ID: TurnSpot(n), Label: games.T("turn.opt.spot", "n", n)})
			}
		}
	}
	if !s.Drawn && len(s.Deck) > 0 {
		p.Options = append(p.Options, games.Option{ID: TurnDraw, Label: games.T("turn.opt.draw")})
	}
	p.Options = append(p.Options, games.Option{ID: TurnEnd, Label: games.T("turn.opt.end")})
	return p
}

// Apply answers one prompt.
func (s *TurnState) Apply(seat int, move string) (games.Outcome, error) {
	switch s.Stage {
	case stageTurn:
		if seat != s.Turn {
			return games.Outcome{}, games.Errorf("turn.err.turn")
		}
		return s.applyTurn(seat, move)
	case stageSecret:
		return s.applySecret(seat, move)
	}
	return games.Outcome{}, games.Errorf("turn.err.over")
}

func (s *TurnState) applyTurn(seat int, move string) (games.Outcome, error) {
	switch move {
	case TurnEnd:
		return s.endTurn(seat), nil
	case TurnDraw:
		if s.Drawn || len(s.Deck) == 0 {
			return games.Outcome{}, games.Errorf("turn.err.draw")
		}
		s.Hands[seat] = append(s.Hands[seat], s.Deck[0])
		s.Deck = s.Deck[1:]
		s.Drawn = true
		return games.Outcome{Events: []games.Text{games.T("turn.ev.draw", "player", games.Player(seat))}, Revealed: true, Uncommitted: true}, nil
	}
	n, ok := spotOf(move)
	switch {
	case !ok:
		return games.Outcome{}, games.Errorf("turn.err.move")
	case len(s.Placed) >= turnPlacements:
		return games.Outcome{}, games.Errorf("turn.err.placements", "max", turnPlacements)
	case slices.Contains(s.Placed, n):
		return games.Outcome{}, games.Errorf("turn.err.spot", "n", n)
	}
	s.Placed = append(s.Placed, n)
	return games.Outcome{Events: []games.Text{games.T("turn.ev.place", "player", games.Player(seat), "n", n)}, Uncommitted: true}, nil
}

// endTurn scores the marked spots, clears them and passes the turn; after
// the last seat the round's secret step begins.
func (s *TurnState) endTurn(seat int) games.Outcome {
	gained := 0
	for _, n := range s.Placed {
		gained += n
	}
	s.Points[seat] += gained
	s.Placed, s.Drawn = nil, false
	events := []games.Text{games.T("turn.ev.end", "player", games.Player(seat), "n", gained)}
	s.Turn++
	if s.Turn == len(s.Points) {
		s.Stage, s.Turn = stageSecret, 0
		s.Choices = make([]string, len(s.Points))
		events = append(events, games.T("turn.ev.secret", "round", s.Round))
	}
	return games.Outcome{Events: events}
}

func (s *TurnState) applySecret(seat int, move string) (games.Outcome, error) {
	switch {
	case seat < 0 || seat >= len(s.Choices) || (move != TurnKeep && move != TurnToss):
		return games.Outcome{}, games.Errorf("turn.err.move")
	case s.Choices[seat] != "":
		return games.Outcome{}, games.Errorf("turn.err.chosen")
	}
	s.Choices[seat] = move
	if slices.Contains(s.Choices, "") {
		// The others still choose: the channel hears it in a line.
		return games.Outcome{Events: []games.Text{games.T("turn.ev.chosen", "player", games.Player(seat))}, Quiet: true}, nil
	}
	return games.Outcome{Events: s.revealChoices(), Revealed: true}, nil
}

// revealChoices carries out every seat's secret answer at once, then starts
// the next round or ends the game by scoring the kept hands.
func (s *TurnState) revealChoices() []games.Text {
	var events []games.Text
	tossed := false
	for seat, c := range s.Choices {
		cards := len(s.Hands[seat])
		if c == TurnKeep {
			events = append(events, games.T("turn.ev.keep", "player", games.Player(seat), "n", cards))
			continue
		}
		s.Points[seat] += turnTossPoints * cards
		s.Deck = append(s.Deck, s.Hands[seat]...)
		s.Hands[seat] = nil
		tossed = tossed || cards > 0
		events = append(events, games.T("turn.ev.toss", "player", games.Player(seat), "n", cards, "points", turnTossPoints*cards))
	}
	if tossed {
		games.Shuffle(s.RNG, s.Deck)
	}
	s.Choices = nil
	if s.Round == s.Rounds {
		s.Stage = stageOver
		for seat, hand := range s.Hands {
			sum := handSum(hand)
			s.Points[seat] += sum
			events = append(events, games.T("turn.ev.hand", "player", games.Player(seat), "n", sum))
		}
		return append(events, games.T("turn.ev.over"))
	}
	s.Round++
	s.Stage = stageTurn
	return append(events, games.T("turn.ev.round", "round", s.Round))
}

func handSum(hand []int) int {
	sum := 0
	for _, v := range hand {
		sum += v
	}
	return sum
}

func (s *TurnState) public() TurnPublicView {
	v := TurnPublicView{
		Round: s.Round, Rounds: s.Rounds, Turn: s.Turn, Stage: s.Stage,
		Placed: slices.Clone(s.Placed), Drawn: s.Drawn,
		Points: slices.Clone(s.Points), DeckSize: len(s.Deck),
	}
	for _, h := range s.Hands {
		v.HandSizes = append(v.HandSizes, len(h))
	}
	for seat, c := range s.Choices {
		if c == "" {
			v.Waiting = append(v.Waiting, seat)
		}
	}
	return v
}

// View shows the public board, or one seat's board with its hand.
func (s *TurnState) View(viewer int) any {
	if viewer < 0 || viewer >= len(s.Points) {
		return s.public()
	}
	v := TurnPrivateView{TurnPublicView: s.public(), Seat: viewer, HandSum: handSum(s.Hands[viewer])}
	for _, c := range s.Hands[viewer] {
		v.Hand = append(v.Hand, SecretMarker+strconv.Itoa(c))
	}
	if viewer < len(s.Choices) {
		v.Choice = s.Choices[viewer]
	}
	return v
}

// TimeoutMove answers for a seat that ran out of time: it ends the turn
// (always legal, it never gives anything up) or keeps the hand.
func (s *TurnState) TimeoutMove(seat int) (string, bool) {
	switch {
	case s.Stage == stageTurn && seat == s.Turn:
		return TurnEnd, true
	case s.Stage == stageSecret && seat >= 0 && seat < len(s.Choices) && s.Choices[seat] == "":
		return TurnKeep, true
	}
	return "", false
}

// Over reports the end.
func (s *TurnState) Over() bool { return s.Stage == stageOver }

// Standings rank by points, best first; ties share a rank.
func (s *TurnState) Standings() []games.Standing {
	out := make([]games.Standing, len(s.Points))
	for seat, p := range s.Points {
		out[seat] = games.Standing{Seat: seat, Score: p, Detail: games.T("turn.detail", "n", p)}
	}
	slices.SortStableFunc(out, func(a, b games.Standing) int { return cmp.Compare(b.Score, a.Score) })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Score == out[i-1].Score {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// Check verifies the invariants random play relies on: every card exactly
// once in the deck or a hand, at most three distinct spots marked.
func (s *TurnState) Check() error {
	seen := make([]bool, turnDeckSize+1)
	cards := slices.Clone(s.Deck)
	for _, h := range s.Hands {
		cards = append(cards, h...)
	}
	for _, c := range cards {
		if c < 1 || c > turnDeckSize || seen[c] {
			return fmt.Errorf("turngame: card %d out of range or twice", c)
		}
		seen[c] = true
	}
	if len(cards) != turnDeckSize {
		return fmt.Errorf("turngame: %d cards, want %d", len(cards), turnDeckSize)
	}
	if len(s.Placed) > turnPlacements {
		return fmt.Errorf("turngame: %d markers placed, at most %d", len(s.Placed), turnPlacements)
	}
	for i, n := range s.Placed {
		if n < 1 || n > turnSpots || slices.Contains(s.Placed[:i], n) {
			return fmt.Errorf("turngame: spot %d invalid or marked twice", n)
		}
	}
	return nil
}

// chooseTurnMove is TurnPolicy.
func chooseTurnMove(st games.State, seat int, _ uint64) (string, bool) {
	p, ok := games.PromptFor(st, seat)
	if !ok {
		return "", false
	}
	offered := func(id string) bool {
		return slices.ContainsFunc(p.Options, func(o games.Option) bool { return o.ID == id })
	}
	if p.Secret {
		v, ok := st.View(seat).(TurnPrivateView)
		if !ok {
			return "", false
		}
		if v.HandSum >= turnTossPoints*len(v.Hand) {
			return TurnKeep, offered(TurnKeep)
		}
		return TurnToss, offered(TurnToss)
	}
	for n := turnSpots; n >= 1; n-- {
		if offered(TurnSpot(n)) {
			return TurnSpot(n), true
		}
	}
	if offered(TurnDraw) {
		return TurnDraw, true
	}
	return TurnEnd, offered(TurnEnd)
}

// Redeal deals anew what viewer cannot see: the deck's order, the cards of
// other hands (each keeping its size) and the secret answers others gave
// this round but that are not revealed yet.
func (s *TurnState) Redeal(viewer int, rng *games.RNG) (games.State, error) {
	data, err := s.MarshalJSON()
	if err != nil {
		return nil, err
	}
	t, err := turnGame{}.Load(data)
	if err != nil {
		return nil, err
	}
	ts := t.(*TurnState)
	ts.RNG = games.NewRNG(rng.Uint64())
	pool := slices.Clone(ts.Deck)
	for seat, h := range ts.Hands {
		if seat != viewer {
			pool = append(pool, h...)
		}
	}
	games.Shuffle(rng, pool)
	for seat, h := range ts.Hands {
		if seat != viewer {
			ts.Hands[seat], pool = slices.Clone(pool[:len(h)]), pool[len(h):]
		}
	}
	ts.Deck = pool
	for seat, c := range ts.Choices {
		if c != "" && seat != viewer {
			ts.Choices[seat] = []string{TurnKeep, TurnToss}[rng.IntN(2)]
		}
	}
	return ts, nil
}
