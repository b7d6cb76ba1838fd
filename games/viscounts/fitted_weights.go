package viscounts

// soloWeights are the fitted corrections of the solo value by opponent
// (fitted.go), in VP per unit of each feature, from
// BenchmarkFitSoloAdvantage. An opponent without weights is valued by
// hand alone: every fit tried against the Noble, the Builder and the
// Merchant lost more games on the tuning seeds than the hand-weighed
// value.
var soloWeights = map[string][numFeatures]float64{}
