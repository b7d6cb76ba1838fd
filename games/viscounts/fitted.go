package viscounts

// A solo game's position value may be the hand-weighed one (heuristic)
// corrected by a fit from self-play, one set of weights per opponent
// (soloWeights): a linear function of the features below that explains
// how much better one option's final margin is than another's, beyond
// what the hand-weighed values of the two say (BenchmarkFitSoloAdvantage,
// paired playouts). Fitting whole games' positions to their final margin
// instead (BenchmarkFitSoloValue) weighs what merely went with winning:
// its weights lost far more often on the tuning seeds.

// The features of a solo position, seen from the player's seat: its
// score by part, its goods, castle, manuscripts, buildings and deck, the
// time left, a few of them again scaled by the time left (a manuscript
// or a worker early is worth more than late), the opponent's public
// score and castle, and the hand-weighed margin. Each is a count (or a
// share of the game for time).
const (
	fBias = iota
	fTime
	fVP
	fVPTime
	fCastleVP
	fScriptVP
	fBuildVP
	fDebts
	fPaidDebts
	fDeeds
	fApproved
	fPrizes
	fSilver
	fSilverTime
	fRes
	fResTime
	fTier0
	fTier0Time
	fTier1
	fTier1Time
	fTier2
	fPairs
	fSupply
	fScripts
	fScriptsTime
	fMissing
	fBuilt
	fBuiltTime
	fDeckCost
	fDeckCostTime
	fDeckSize
	fMerchants
	fBuilders
	fNobles
	fClerics
	fCriminals
	fVirtue
	fCorruption
	fQueued
	fHand
	fBoardIcons
	fDebtsAbove
	fDeedsAbove
	fAIVP
	fAIVPTime
	fAICastleVP
	fAITier0
	fAITier1
	fAITier2
	fAISupply
	fAIScripts
	fAIBuilt
	fAIRes
	fHeuristic
	numFeatures
)

// featureNames name the features in the fitted table's comments.
var featureNames = [numFeatures]string{
	"bias", "time", "vp", "vp×time", "castle vp", "manuscript vp", "building vp", "debts", "paid debts", "deeds",
	"approved", "prizes now", "silver", "silver×time", "resources", "resources×time", "tier 1", "tier 1×time",
	"tier 2", "tier 2×time", "tier 3", "pairs on tier 1", "supply", "manuscripts", "manuscripts×time",
	"ribbons missing", "buildings", "buildings×time", "deck cost", "deck cost×time", "deck size", "merchant icons",
	"builder icons", "noble icons", "cleric icons", "criminal icons", "virtue", "corruption", "queued", "hand",
	"board icons", "debts above", "deeds above", "ai vp", "ai vp×time", "ai castle vp", "ai tier 1", "ai tier 2",
	"ai tier 3", "ai supply", "ai manuscripts", "ai buildings", "ai resources", "hand-weighed margin",
}

// features computes the solo position's features for the player (seat
// 0), whose hand-weighed value is h. It reads only what the player may
// know: its own cards (not their order), and the opponent's public
// board, castle and goods.
func (s *State) features(sc []Score, h int) [numFeatures]float64 {
	var f [numFeatures]float64
	me, ai := s.Seats[0], s.Seats[s.Solo.Seat]
	t := float64(s.timeLeft()) / permille
	f[fBias] = 1
	f[fTime] = t
	mine := sc[0]
	f[fVP] = float64(mine.Total)
	f[fVPTime] = float64(mine.Total) * t
	f[fCastleVP] = float64(mine.Castle + mine.Leader)
	f[fScriptVP] = float64(mine.Sets + mine.Scripts + mine.Bonus)
	f[fBuildVP] = float64(mine.Buildings)
	f[fDebts] = float64(me.Debts)
	f[fPaidDebts] = float64(me.PaidDebts)
	f[fDeeds] = float64(me.Deeds)
	f[fApproved] = float64(me.Approved)
	// The Poverty and Prosperity prizes as they would pay now, the
	// player's less the opponent's (the scores hold them once revealed).
	if !s.Poverty {
		p := majority([]int{me.Approved, ai.Approved}, s.Players)
		f[fPrizes] += float64(p[0] - p[1])
	}
	if !s.Prosperity {
		p := majority([]int{me.PaidDebts, ai.PaidDebts}, s.Players)
		f[fPrizes] += float64(p[0] - p[1])
	}
	f[fSilver] = float64(me.Silver)
	f[fSilverTime] = float64(me.Silver) * t
	res := float64(me.Res[Ink] + me.Res[Gold] + me.Res[Stone])
	f[fRes] = res
	f[fResTime] = res * t
	var tiers, aiTiers [3]int
	for tier := range 3 {
		for sec := range numSegments {
			n := count(s.Tiers[tier][sec], 0)
			tiers[tier] += n
			aiTiers[tier] += count(s.Tiers[tier][sec], s.Solo.Seat)
			if tier == 0 && n == 2 {
				f[fPairs]++
			}
		}
	}
	f[fTier0] = float64(tiers[0])
	f[fTier0Time] = float64(tiers[0]) * t
	f[fTier1] = float64(tiers[1])
	f[fTier1Time] = float64(tiers[1]) * t
	f[fTier2] = float64(tiers[2])
	f[fSupply] = float64(me.Workers)
	f[fScripts] = float64(len(me.Scripts))
	f[fScriptsTime] = float64(len(me.Scripts)) * t
	for _, n := range s.ribbons(0) {
		if n == 0 {
			f[fMissing]++
		}
	}
	built := me.Built[Workshop] + me.Built[TradingPost] + me.Built[Guildhall]
	f[fBuilt] = float64(built)
	f[fBuiltTime] = float64(built) * t
	var owned Icons
	for _, zone := range [][]int{me.Hand, me.Draw, me.Discard, me.Board[:]} {
		for _, c := range zone {
			if c < 0 {
				continue
			}
			k := s.folk(c)
			f[fDeckSize]++
			for i, n := range k.Icons {
				owned[i] += n
			}
			if k.Kind != "starter" {
				f[fDeckCost] += float64(k.Cost)
			}
		}
	}
	f[fDeckCostTime] = f[fDeckCost] * t
	for i, n := range owned {
		f[fMerchants+i] = float64(n)
	}
	f[fVirtue] = float64(me.Virtue)
	f[fCorruption] = float64(me.Corruption)
	f[fQueued] = float64(s.queuedValue(0)) / 10
	f[fHand] = float64(len(me.Hand))
	for _, n := range s.boardIcons(0) {
		f[fBoardIcons] += float64(n)
	}
	f[fDebtsAbove] = float64(s.DebtsAbove)
	f[fDeedsAbove] = float64(s.DeedsAbove)
	theirs := sc[s.Solo.Seat]
	f[fAIVP] = float64(theirs.Total)
	f[fAIVPTime] = float64(theirs.Total) * t
	f[fAICastleVP] = float64(theirs.Castle + theirs.Leader)
	f[fAITier0] = float64(aiTiers[0])
	f[fAITier1] = float64(aiTiers[1])
	f[fAITier2] = float64(aiTiers[2])
	f[fAISupply] = float64(ai.Workers)
	f[fAIScripts] = float64(len(ai.Scripts))
	f[fAIBuilt] = float64(ai.Built[Workshop] + ai.Built[TradingPost] + ai.Built[Guildhall])
	f[fAIRes] = float64(ai.Res[Ink] + ai.Res[Gold] + ai.Res[Stone])
	f[fHeuristic] = float64(h)/10 - f[fAIVP]
	return f
}

// fitted is the fitted correction to the hand-weighed value h of the
// player's position (tenths of a VP), 0 for an opponent without weights.
func (s *State) fitted(sc []Score, h int) int {
	w, ok := soloWeights[s.opponent().ID]
	if !ok {
		return 0
	}
	f := s.features(sc, h)
	v := 0.0
	for i, x := range f {
		v += w[i] * x
	}
	return int(10 * v)
}
