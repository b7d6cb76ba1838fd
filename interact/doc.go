// Package interact is the vocabulary every part of Tavern's middle speaks
// about one interaction: the Request a feature reads, the Result and
// Actions it answers with, the custom ids of its controls, and the Voice
// that localizes its replies and command definitions.
//
// It knows no feature and no store, so the surface, the features and
// delivery can all depend on it without depending on each other.
package interact
