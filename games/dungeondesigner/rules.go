package dungeondesigner

// ruleText is one /rules topic in English and German, summarised in our own words.
type ruleText struct {
	id          string
	title, body [2]string
}

var ruleTexts = []ruleText{
	{"overview",
		[2]string{"Overview", "Überblick"},
		[2]string{
			"Over four years you build a 4×4 dungeon, one row of four chambers per year, then improve it with market tiles and take tasks. After year 4 the most prestige wins; ties go to whoever is further left in the order.",
			"In vier Jahren baut ihr ein Verlies aus 4×4 Räumen, eine Reihe aus vier Räumen pro Jahr, und verbessert es mit Marktplättchen und Aufgaben. Nach dem 4. Jahr gewinnt das meiste Ansehen; bei Gleichstand gewinnt, wer in der Rangfolge weiter links steht."}},
	{"setup",
		[2]string{"Setup", "Aufbau"},
		[2]string{
			"One goal is revealed. Tasks on display: 3 (1–2 players), 4, 5 or 6 (5 players). Stalls: 2 (1–3 players), 3 (4) or 4 (5), each spot filled with a tile of its shape. Everyone gets 5 chambers and an open blueprint that shows where the entrance gate stands. A random order is set; starting gold is 0, 1, 1, 2, 2 by place.",
			"Ein Ziel wird aufgedeckt. Ausliegende Aufgaben: 3 (1–2 Personen), 4, 5 oder 6 (5 Personen). Marktstände: 2 (1–3 Personen), 3 (4) oder 4 (5), jedes Feld mit einem Plättchen passender Form belegt. Alle erhalten 5 Räume und einen offenen Bauplan, der den Eingang zeigt. Eine zufällige Rangfolge entsteht; Startgold 0, 1, 1, 2, 2 nach Platz."}},
	{"build",
		[2]string{"Build", "Bauen"},
		[2]string{
			"Four passes. Everyone secretly picks a chamber from their hand and a free column in this year's row; the picks are revealed together. Chambers never move and doors need not match. The rest of the hand goes to the next player (seat order) in years 1 and 3 and to the previous one in years 2 and 4; the last card is discarded.",
			"Vier Durchgänge. Alle wählen geheim einen Raum von der Hand und eine freie Spalte in der Reihe dieses Jahres; die Wahl wird gemeinsam aufgedeckt. Räume werden nie verschoben, Türen müssen nicht passen. Die übrigen Karten gehen im 1. und 3. Jahr an die nächste Person (Sitzreihenfolge), im 2. und 4. Jahr an die vorige; die letzte Karte wird abgelegt."}},
	{"improve",
		[2]string{"Improve", "Verbessern"},
		[2]string{
			"Your gold grows by the gold values of this year's chambers plus 1 per treasure chest in your dungeon, up to 30. Whoever has the most gold acts (ties: further left in the order), maybe several times in a row: buy the upper or lower part of a stall and place all its tiles at once, or pass: your gold drops to 0, you take an open task (years 1–3) and the next free place of the new order.",
			"Dein Gold steigt um die Goldwerte der Räume dieses Jahres plus 1 je Schatztruhe im Verlies, höchstens 30. Am Zug ist das meiste Gold (Gleichstand: weiter links in der Rangfolge), auch mehrmals hintereinander: Kaufe den oberen oder unteren Teil eines Marktstands und lege alle Plättchen sofort, oder passe: Gold auf 0, nimm eine offene Aufgabe (Jahr 1–3) und den nächsten freien Platz der neuen Rangfolge."}},
	{"tiles",
		[2]string{"Placing tiles", "Plättchen legen"},
		[2]string{
			"An element tile goes on a free element spot of one of your chambers; printed elements are never covered. A secret passage goes on a chamber edge, even one with no neighbour yet, and links the two chambers on that edge (a passage on a bottom edge links next year's chamber). A tile with no legal spot is discarded.",
			"Ein Element-Plättchen kommt auf einen freien Elementplatz eines deiner Räume; aufgedruckte Elemente werden nie überdeckt. Ein Geheimgang kommt an eine Raumkante, auch ohne Nachbarn, und verbindet die Räume an dieser Kante (an der Unterkante verbindet er den Raum des nächsten Jahres). Ein Plättchen ohne erlaubten Platz wird abgelegt."}},
	{"cleanup",
		[2]string{"Clean-up", "Aufräumen"},
		[2]string{
			"The new order takes effect. Leftover tiles and stalls are discarded and new stalls are filled. After years 1 and 2 the leftover task is discarded and new tasks are revealed. Everyone gets 5 new chambers. After year 4 only the new order is set, then the game is scored.",
			"Die neue Rangfolge gilt. Übrige Plättchen und Marktstände werden abgelegt, neue Marktstände befüllt. Nach dem 1. und 2. Jahr wird die übrige Aufgabe abgelegt und neue werden aufgedeckt. Alle erhalten 5 neue Räume. Nach dem 4. Jahr wird nur die Rangfolge gesetzt, dann gewertet."}},
	{"scoring",
		[2]string{"Scoring", "Wertung"},
		[2]string{
			"Final order 9/6/3. Goal 15/9/5: a 'most' goal needs at least one, a 'fewest' goal also counts zero; ties by order. Your three tasks. Every star in your dungeon, negative ones too. Your blueprint: conditions met at their exact spots, looked up in its table. With 2 players there are no third places.",
			"Finale Rangfolge 9/6/3. Ziel 15/9/5: Bei 'die meisten' braucht ihr mindestens 1, bei 'die wenigsten' zählt auch 0; Gleichstand nach Rangfolge. Deine drei Aufgaben. Alle Sterne im Verlies, auch negative. Dein Bauplan: erfüllte Bedingungen an exakt ihrer Stelle, laut Tabelle. Zu zweit entfallen die 3. Plätze."}},
	{"networks",
		[2]string{"Path networks", "Wegenetze"},
		[2]string{
			"The exit gate is placed below your dungeon as your blueprint shows. Chambers are linked when both have a door on their shared edge or a secret passage lies on it; all branches count. Score 1 per chamber in the network reached from the entrance and 1 per chamber reached from the exit. A gate only connects if the chamber beside it has a door or secret passage facing it.",
			"Der Ausgang wird laut Bauplan unter das Verlies gestellt. Räume sind verbunden, wenn beide an der gemeinsamen Kante eine Tür haben oder dort ein Geheimgang liegt; alle Abzweigungen zählen. 1 Ansehen je Raum im Wegenetz vom Eingang und 1 je Raum im Wegenetz vom Ausgang. Eine Pforte verbindet nur, wenn der Raum daneben eine Tür oder einen Geheimgang zu ihr hat."}},
	{"twoplayer",
		[2]string{"Two players", "Zu zweit"},
		[2]string{
			"In each pass you also discard a chamber from your hand, and after passing the hand you draw one chamber. No third places are scored.",
			"In jedem Durchgang legst du zusätzlich einen Raum von der Hand ab und ziehst nach dem Weitergeben einen Raum nach. Dritte Plätze werden nicht gewertet."}},
	{"solo",
		[2]string{"Solo against Jael", "Solo gegen Jael"},
		[2]string{
			"Jael's deck: the three plain cards plus three diamond (normal) or crown (legendary) cards; one is revealed each year. Each pass you play a chamber and (passes 1–3) keep one; leftover chambers whose rune is on Jael's card go to Jael's pile, the rest are discarded; then you draw 3, 2, 1. In the market, as soon as your gold is not above Jael's, Jael collects the tiles its card shows and the lowest-numbered task is discarded (once a year). When you pass, Jael takes all tiles left. In year 4 you keep your gold. Jael scores final gold 9/6, goal 15/9, stars, base values and card conditions; Jael wins ties.",
			"Jaels Deck: die drei Karten ohne Symbol plus drei mit Diamant (normal) oder Krone (legendär); jedes Jahr wird eine aufgedeckt. In jedem Durchgang spielst du einen Raum und behältst (Durchgang 1–3) einen; übrige Räume mit einer Rune von Jaels Karte kommen auf Jaels Stapel, die anderen werden abgelegt; dann ziehst du 3, 2, 1. Sobald dein Gold im Markt nicht über Jaels liegt, sammelt Jael die Plättchen seiner Karte und die Aufgabe mit der niedrigsten Zahl wird abgelegt (einmal pro Jahr). Passt du, nimmt Jael alle übrigen Plättchen. Im 4. Jahr behältst du dein Gold. Jael wertet finales Gold 9/6, Ziel 15/9, Sterne, Grundwerte und Kartenbedingungen; bei Gleichstand gewinnt Jael."}},
}
