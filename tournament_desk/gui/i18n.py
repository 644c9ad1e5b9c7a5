"""Interface texts in French and English.

The catalogue is keyed by the English text. It is the source of the Qt translation file
(``resources/translations/tournament_desk_fr.ts``, generated from it by ``resources/translations/make_ts.py``
and compiled to ``.qm`` for the installer).
"""

from __future__ import annotations

from typing import Any

from tournament_desk.resources import translation_path

_FR: dict[str, str] = {
    # tabs and menus
    "&Registration": "&Inscriptions", "&Pairings": "&Appariements", "Res&ults": "&Résultats",
    "S&tandings": "&Classement",
    "Registration": "Inscriptions", "Pairings": "Appariements", "Results": "Résultats", "Standings": "Classement",
    "&File": "&Fichier", "&Edit": "É&dition", "E&vent": "&Tournoi", "&Help": "&Aide", "&Language": "&Langue",
    "Open &recent": "Ouvrir un fichier &récent", "&New event…": "&Nouveau tournoi…", "&Open…": "&Ouvrir…",
    "Save a &copy as…": "Enregistrer une &copie sous…", "&Import players (CSV)…": "&Importer des joueurs (CSV)…",
    "&Print grid (PDF)…": "Im&primer la grille (PDF)…", "Restore a &backup…": "Restaurer une &sauvegarde…",
    "&Quit": "&Quitter", "&History…": "&Historique…", "Event &settings…": "&Paramètres du tournoi…",
    "&About tournament_desk": "À &propos de tournament_desk",
    "&Undo": "&Annuler", "&Redo": "&Rétablir", "&Undo {}": "&Annuler : {}", "&Redo {}": "&Rétablir : {}",
    "Undo": "Annulation", "Redo": "Rétablissement",
    "&Import": "&Importer", "&Export": "E&xporter", "&Print": "Im&primer", "&Players (CSV)…": "&Joueurs (CSV)…",
    "&Rating list…": "&Liste de classement…", "&Homologation bundle…": "Paquet d'&homologation…",
    "&Round-robin grid…": "&Grille toutes rondes…", "Pairing &sheet (last round)…": "&Feuille d'appariement "
    "(dernière ronde)…", "&Crosstable…": "&Grille américaine…", "S&tandings…": "&Classement…",
    "Result s&lips (last round)…": "Fiches de &résultat (dernière ronde)…",
    "Rating &report…": "Rapport de c&lassement…",
    "Printing…": "Impression…", "Exporting…": "Exportation…", "Bundle written: {}": "Paquet écrit : {}",
    "Rating ±": "Évol.", "New rating": "Nouveau classement", "Rating preview: {}": "Aperçu du classement : {}",
    "Rating preview ({}): what the federation would compute from this event alone":
        "Aperçu du classement ({}) : ce que la fédération calculerait avec ce seul tournoi",
    "&Rule settings…": "&Réglages des règles…", "About the &rules": "À propos des &règles",
    "Rule settings": "Réglages des règles", "empty: not set": "vide : non renseigné",
    "Each reading is explained, with its source and its test, in docs/rules.md.":
        "Chaque lecture est expliquée, avec sa source et son test, dans docs/rules.md.",
    "The rules document is not installed: {}": "Le document des règles n'est pas installé : {}",
    "Pair by &hand…": "Apparier à la &main…", "&Top cut…": "&Tableau final…", "Pair by hand": "Appariement manuel",
    "Solkoff": "Solkoff", "W/B": "B/N", "Colour": "Couleur", "Opponent": "Adversaire",
    "&Add board": "&Ajouter la table",
    "Give the &bye": "Donner l'&exemption", "&Remove last board": "&Retirer la dernière table",
    "&Complete the round": "&Compléter la ronde",
    "Reason for overriding the rules (kept in the history):":
        "Raison de la dérogation aux règles (conservée dans l'historique) :",
    "Players in the top cut:": "Joueurs qualifiés :", "Drawn games:": "Parties nulles :",
    "higher seed advances on a draw": "le mieux classé passe en cas de nulle",
    "a play-off decides a draw": "un départage décide en cas de nulle",
    "Knockout round {}": "Tour éliminatoire {}", "Champion: {}": "Vainqueur : {}",
    "Top-cut &bracket…": "&Tableau final…", "Crosstable": "Grille américaine", "Standings view": "Classement",
    "&Print (PDF)…": "&Imprimer (PDF)…",
    # start screen, new dialogs and actions (issue 18)
    "Pairin&gs": "A&ppariements", "Re&sults": "&Résultats",
    "Names, separated by commas": "Noms, séparés par des virgules",
    "drawn by lot at round 1": "tirée au sort à la ronde 1", "none": "aucune",
    "Baku acceleration (C.04.5.1)": "accélération de Bakou (C.04.5.1)", "Initial colour": "Couleur initiale",
    "Acceleration": "Accélération", "Restore a backup…": "Restaurer une sauvegarde…", "&Unrated": "&Non classé",
    "Register anyway?": "Inscrire quand même ?", "Withdraw {}": "Retirer {}",
    "Takes no part from &round:": "Ne joue plus à partir de la &ronde :", "Bye request": "Demande d'exemption",
    "cancel the request": "annuler la demande", "&Player:": "&Joueur :", "&Round:": "&Ronde :",
    "&Bye:": "E&xemption :", "Pairing numbers by hand": "Numéros d'appariement à la main",
    "Type each player's number:": "Tapez le numéro de chaque joueur :",
    "The remaining games become:": "Les parties restantes deviennent :",
    "Already requested: {}": "Déjà demandé : {}", "Choose a player": "Choisissez un joueur",
    "Results already played are kept.": "Les résultats déjà joués sont conservés.",
    "Row {}: '{}' is not a number": "Ligne {} : « {} » n'est pas un nombre", "PDF: {}": "PDF : {}",
    "Rating lists (*.csv *.txt *.xml)": "Listes de classement (*.csv *.txt *.xml)",
    "Importing…": "Importation…", "Cancelled: nothing was changed": "Annulé : rien n'a été modifié",
    "Pairings, results, standings and homologation, without internet. Start a new event, or open one.":
        "Appariements, résultats, classements et homologation, sans internet. Créez un nouveau tournoi, ou "
        "ouvrez-en un.",
    "&Recent events:": "Tournois &récents :", "Open the &selected event": "Ouvrir le tournoi &sélectionné",
    "No recent event yet.": "Aucun tournoi récent pour l'instant.",
    "{players} players, round {paired} of {rounds}": "{players} joueurs, ronde {paired} sur {rounds}",
    "{players} players, not started": "{players} joueurs, pas encore commencé",
    "Pairing round {}…": "Appariement de la ronde {}…", "Cancel the pairing of round {}?":
        "Annuler l'appariement de la ronde {} ?",
    "Print the gr&id…": "Imprimer la &grille…", "Pair by han&d…": "Apparier à la &main…", "Top &cut…":
        "Ta&bleau final…",
    "Print the p&airing sheet…": "Imprimer la f&euille d'appariement…",
    "Byes requested for round {}: {}": "Exemptions demandées pour la ronde {} : {}", "Top cut": "Tableau final",
    "The {n} result(s) already entered in it will be dropped (Undo brings them back).":
        "Les {n} résultat(s) déjà saisi(s) seront supprimés (Annuler les rétablit).",
    "Fi&lter:": "Fi&ltrer :", "name, club, licence…": "nom, club, licence…", "Ed&it…": "&Modifier…",
    "&Bye request…": "E&xemption demandée…", "Im&port CSV…": "Importer un CS&V…",
    "Draw pairing &numbers": "Tirer les &numéros au sort", "Number b&y rating": "Numéroter par cla&ssement",
    "Number by han&d…": "N&uméroter à la main…",
    "{name} has withdrawn from round {r}. Reinstate them?":
        "{name} s'est retiré(e) à partir de la ronde {r}. Le ou la réintégrer ?",
    "round {}: {}": "ronde {} : {}", "Withdraw": "Retirer",
    "Players (*.csv *.txt *.trf *.tab)": "Joueurs (*.csv *.txt *.trf *.tab)",
    "Import the {n} correct row(s) and leave out the others?":
        "Importer les {n} ligne(s) correctes et laisser les autres de côté ?",
    "Game p&oints…": "P&oints de partie…", "&Crosstable": "&Grille américaine", "&Print…": "I&mprimer…",
    "Cancel": "Annuler", "C&lose the event": "&Fermer le tournoi", "Round-robin &grid…": "Grille toutes r&ondes…",
    "No rating": "Aucun classement", "FIDE Elo": "Elo FIDE", "National Elo": "Elo national",
    "FFJD Capital-Points": "Capital-Points FFJD", "FMJD rating": "Classement FMJD",
    "FISF PL rating (Scrabble)": "Cote PL FISF (Scrabble)",
    "half-point bye (½)": "exemption à ½ point", "full-point bye (1)": "exemption à 1 point",
    "zero-point bye (absent)": "exemption à 0 point (absent)",
    "+ − (White wins by forfeit)": "+ − (les Blancs gagnent par forfait)",
    "− + (Black wins by forfeit)": "− + (les Noirs gagnent par forfait)",
    "0-0 (both lose)": "0-0 (les deux perdent)", "− − (double forfeit)": "− − (double forfait)",
    "Players who must not &meet…": "Joueurs à ne pas &opposer…", "Players who must not meet":
        "Joueurs à ne pas opposer", "&Keep apart": "&Séparer", "&Let them meet": "&Autoriser la rencontre",
    "The pairing engines never pair two players kept apart (TRF XXP).":
        "Les moteurs d'appariement n'opposent jamais deux joueurs séparés (XXP du TRF).",
    "&FIDE rating report (TRF)…": "Rapport FI&DE (TRF)…",
    "Continue an event from a TR&F file…": "Poursuivre un &tournoi depuis un fichier TRF…",
    "Ra&ting period…": "Période de cl&assement…",
    # registration
    "No.": "N°", "Name": "Nom", "Club": "Club", "Fed.": "Féd.", "Rating": "Classement", "Licence": "Licence",
    "Status": "Statut", "active": "présent", "withdrawn from round {}": "retiré à partir de la ronde {}",
    "Filter by name, club, licence…": "Filtrer par nom, club, licence…",
    "&Add…": "Aj&outer…", "&Edit…": "&Modifier…", "&Withdraw…": "R&etirer…", "Delete": "Supprimer",
    "&Import CSV…": "&Importer un CSV…", "Delete {}?": "Supprimer {} ?",
    "{} takes no part from round:": "{} ne joue plus à partir de la ronde :",
    "His remaining games become:": "Ses parties restantes deviennent :",
    "0fe (excused forfeit)": "0fe (forfait excusé)", "0fne (unexcused forfeit)": "0fne (forfait non excusé)",
    "Draw pairing numbers": "Tirer les numéros au sort", "Number by rating": "Numéroter par classement",
    "Player ids in pairing-number order, separated by commas:":
        "Identifiants des joueurs dans l'ordre des numéros, séparés par des virgules :",
    "Give player ids separated by commas": "Donnez des identifiants séparés par des virgules",
    # player dialog
    "Add player": "Inscrire un joueur", "Edit player": "Modifier le joueur", "Male": "Masculin",
    "Female": "Féminin", "Unrated": "Non classé", "&Surname": "&Nom", "&First name": "&Prénom", "Sex": "Sexe",
    "Birth date": "Date de naissance", "Category": "Catégorie", "&Club": "&Club", "Federation": "Fédération",
    "&Licence": "&Licence", "FIDE id": "Identifiant FIDE", "FMJD id": "Identifiant FMJD", "Title": "Titre",
    "Rating ({})": "Classement ({})", "The surname is required": "Le nom est obligatoire",
    "A licence id is 3 to 12 letters or digits": "Une licence compte de 3 à 12 lettres ou chiffres",
    "A FIDE id is made of digits": "Un identifiant FIDE ne contient que des chiffres",
    # pairings
    "Board": "Table", "White": "Blancs", "Black": "Noirs", "Result": "Résultat", "Round {}": "Ronde {}",
    "Round": "Ronde", "&Pair next round": "Apparier la ronde &suivante",
    "&Unpair last round": "A&nnuler la dernière ronde", "Print grid (PDF)…": "Imprimer la grille (PDF)…",
    "FMJD grid (FFJD Annex A board order)": "Grille FMJD (ordre des tables de l'annexe A FFJD)",
    "FIDE Berger table (C.05 Annex 1)": "Table de Berger FIDE (C.05, annexe 1)",
    "Pair anyway?": "Apparier quand même ?", "Pairing…": "Appariement en cours…",
    "Pairing this system from the window is not available yet":
        "L'appariement de ce système depuis la fenêtre n'est pas encore disponible",
    "Cancel the pairing of the last round?": "Annuler l'appariement de la dernière ronde ?",
    "pairing-allocated bye": "exempt", "half-point bye": "bye d'un demi-point",
    "full-point bye": "bye d'un point", "absent": "absent", "withdrawn": "retiré",
    # results
    "Keys: {} — + / - forfeit — F other codes — Del clears":
        "Touches : {} — + / - forfait — F autres codes — Suppr efface",
    "Game &points…": "&Points de partie…", "&Bye / absence…": "&Exemption / absence…",
    "Points": "Points", "Clear the result": "Effacer le résultat",
    "Board {b} already has {old}. Replace it by {new}?": "La table {b} a déjà {old}. Le remplacer par {new} ?",
    "Round(s) {} were paired with the old result: standings change, and those pairings should be checked.":
        "La ou les ronde(s) {} ont été appariées avec l'ancien résultat : le classement change, et ces "
        "appariements sont à vérifier.",
    "later rounds flagged for checking": "rondes suivantes signalées à vérifier",
    "Points White-Black (e.g. 412-389):": "Points Blancs-Noirs (par ex. 412-389) :",
    "Type the two scores as 412-389": "Tapez les deux scores sous la forme 412-389",
    "Every player has a board in this round": "Chaque joueur a une table dans cette ronde",
    "Player:": "Joueur :", "Bye:": "Exemption :",
    # standings
    "Rank": "Place", "After round {}": "Après la ronde {}", "E&xport CSV…": "E&xporter en CSV…",
    # window
    "{n} players": "{n} joueurs", "No round paired yet": "Aucune ronde appariée",
    "No event open": "Aucun tournoi ouvert",
    "Round {r}: {m} result(s) missing": "Ronde {r} : {m} résultat(s) manquant(s)",
    "Round {r}: complete": "Ronde {r} : complète", "arbiter: {}": "arbitre : {}", "read-only": "lecture seule",
    "Cannot open the event": "Impossible d'ouvrir le tournoi", "Open read-only?": "L'ouvrir en lecture seule ?",
    "Event files (*.tdesk)": "Fichiers de tournoi (*.tdesk)", "File error": "Erreur de fichier",
    "This event has no backup yet": "Ce tournoi n'a pas encore de sauvegarde",
    "Offline tournament manager": "Gestionnaire de tournois hors ligne", "New event": "Nouveau tournoi",
    "History": "Historique", "When": "Quand", "Arbiter": "Arbitre", "Action": "Action", "Taken": "Prise le",
    "Reason": "Raison", "File": "Fichier",
    "The current state is itself backed up before a restore.":
        "L'état actuel est lui-même sauvegardé avant une restauration.",
    # event dialog
    "Event settings": "Paramètres du tournoi", "Chess": "Échecs", "Draughts": "Dames", "Scrabble": "Scrabble",
    "Other": "Autre", "Swiss (FIDE Dutch)": "Suisse (système hollandais FIDE)", "Round robin": "Toutes rondes",
    "Double round robin": "Toutes rondes aller-retour", "Swiss (score groups)": "Suisse (groupes de points)",
    "Swiss (manual)": "Suisse (manuel)", "Knockout": "Élimination directe",
    "empty: the default list for the discipline": "vide : la liste par défaut de la discipline",
    "&Name": "&Nom", "&Place": "&Lieu", "Start": "Début", "End": "Fin", "&Arbiters": "&Arbitres",
    "Organiser": "Organisateur", "&Discipline": "&Discipline", "&System": "&Système", "&Rounds": "&Rondes",
    "&Time control": "&Cadence", "Scoring": "Barème", "Rating system": "Classement utilisé",
    "Tie-breaks": "Départages", "chess": "échecs (1 / ½ / 0)", "draughts": "dames (2 / 1 / 0)",
    "kashdan": "Kashdan (4 / 2 / 1)", "scrabble": "Scrabble classique",
}


CONTEXT = "tournament_desk"
_installed: dict[str, Any] = {}


def install_qt_translator(lang: str) -> bool:
    """Load the compiled Qt catalogue (``resources/translations/tournament_desk_<lang>.qm``) into the running
    application, replacing the previous one. Returns False when there is none (English) or no application."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    app = QCoreApplication.instance()
    if app is None:
        return False
    _install_qt_own(app, lang)
    old = _installed.pop("translator", None)
    if old is not None:
        app.removeTranslator(old)
    try:
        path = translation_path(lang)
    except FileNotFoundError:
        path = None
    if path is None:
        return False
    translator = QTranslator()
    if not translator.load(str(path)):
        return False
    app.installTranslator(translator)
    _installed["translator"] = translator
    return True


def _install_qt_own(app: Any, lang: str) -> bool:
    """Qt's own texts (Cancel, Yes/No, the file and print dialogs) in ``lang``: the ``qtbase`` catalogue that
    ships with Qt, and the locale that formats numbers and dates in those dialogs."""
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    old = _installed.pop("qtbase", None)
    if old is not None:
        app.removeTranslator(old)
    QLocale.setDefault(QLocale(QLocale.Language.French if lang == "fr" else QLocale.Language.English,
                               QLocale.Country.France if lang == "fr" else QLocale.Country.UnitedKingdom))
    if lang != "fr":
        return False
    translator = QTranslator()
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(QLocale(QLocale.Language.French), "qtbase", "_", folder):
        return False
    app.installTranslator(translator)
    _installed["qtbase"] = translator
    return True


class Translator:
    """``tr("Round {}", 3)`` → "Ronde 3" in French. The text goes through Qt's translation system (the ``.qm``
    catalogue compiled from this module's ``_FR``), with ``_FR`` itself as the fallback when no catalogue is
    loaded (tests, a source checkout without Qt tools). Unknown texts are shown as written (English)."""

    def __init__(self, lang: str = "fr") -> None:
        self.lang = lang if lang in ("fr", "en") else "en"

    def __call__(self, text: str, *args: object, **kwargs: object) -> str:
        if self.lang == "fr":
            template = _translate(text)
            if template == text:
                template = _FR.get(text, text)
        else:
            template = text
        return template.format(*args, **kwargs) if (args or kwargs) else template


def _translate(text: str) -> str:
    if "translator" not in _installed:
        return text
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate(CONTEXT, text)
