"""Interface texts in French and English.

A small in-code catalogue keyed by English text keeps the two languages side by side while the GUI grows;
the Qt .ts/.qm translation files of the installer issue will be generated from it.
"""

from __future__ import annotations

_FR: dict[str, str] = {
    "Registration": "Inscriptions",
    "Pairings": "Appariements",
    "Results": "Résultats",
    "Standings": "Classement",
    "&File": "&Fichier",
    "&Edit": "É&dition",
    "&Help": "&Aide",
    "&Open…": "&Ouvrir…",
    "&Quit": "&Quitter",
    "&Undo": "&Annuler",
    "&Redo": "&Rétablir",
    "Undo {}": "Annuler {}",
    "Redo {}": "Rétablir {}",
    "About tournament_desk": "À propos de tournament_desk",
    "Language": "Langue",
    "No.": "N°",
    "Name": "Nom",
    "Club": "Club",
    "Fed.": "Féd.",
    "Rating": "Classement",
    "Licence": "Licence",
    "Status": "Statut",
    "active": "présent",
    "withdrawn from round {}": "retiré à partir de la ronde {}",
    "Board": "Table",
    "White": "Blancs",
    "Black": "Noirs",
    "Result": "Résultat",
    "Round {}": "Ronde {}",
    "Rank": "Place",
    "Points": "Points",
    "{n} players": "{n} joueurs",
    "No round paired yet": "Aucune ronde appariée",
    "Round {r}: {m} result(s) missing": "Ronde {r} : {m} résultat(s) manquant(s)",
    "Round {r}: complete": "Ronde {r} : complète",
    "Cannot open the event": "Impossible d'ouvrir le tournoi",
    "Event files (*.tdesk)": "Fichiers de tournoi (*.tdesk)",
    "Byes": "Exemptions",
    "New event": "Nouveau tournoi",
    "Offline tournament manager": "Gestionnaire de tournois hors ligne",
    "Draw pairing numbers": "Tirer les numéros au sort",
    "Number by rating": "Numéroter par classement",
    "Number by hand…": "Numéroter à la main…",
    "Player ids in pairing-number order, separated by commas:":
        "Identifiants des joueurs dans l'ordre des numéros, séparés par des virgules :",
    "Give player ids separated by commas": "Donnez des identifiants séparés par des virgules",
    "Pair next round": "Apparier la ronde suivante",
    "Unpair last round": "Annuler la dernière ronde",
    "Print grid (PDF)…": "Imprimer la grille (PDF)…",
    "FMJD grid (FFJD Annex A board order)": "Grille FMJD (ordre des tables de l'annexe A FFJD)",
    "FIDE Berger table (C.05 Annex 1)": "Table de Berger FIDE (C.05, annexe 1)",
    "Round": "Ronde",
    "Pair anyway?": "Apparier quand même ?",
    "Pairing this system from the window is not available yet":
        "L'appariement de ce système depuis la fenêtre n'est pas encore disponible",
    "pairing-allocated bye": "exempt",
    "half-point bye": "bye d'un demi-point",
    "full-point bye": "bye d'un point",
    "absent": "absent",
    "withdrawn": "retiré",
}


class Translator:
    def __init__(self, lang: str = "fr") -> None:
        self.lang = lang if lang in ("fr", "en") else "en"

    def __call__(self, text: str, *args: object, **kwargs: object) -> str:
        template = _FR.get(text, text) if self.lang == "fr" else text
        return template.format(*args, **kwargs) if (args or kwargs) else template
