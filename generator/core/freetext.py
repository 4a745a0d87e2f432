"""Values for free-text and naming parameters: short phrases that fit what the parameter is,
never random words ("a profile called allow", "with breed effort" are what this replaces).

Three families, each keyed by the words of the parameter's name and description and by the
*subject* the value belongs to (the tool's name and the enclosing parameter: `name` inside
`update_pet_profile.profile` names a pet):

- names (`name`, `<thing>_name`, `label`, `nickname`, "The name of the museum"): a person for
  people, a pet name for animals, "Evening routine" for things people set up, "Orion project"
  for things people code-name, "Keller Museum" for institutions and anything else;
- members of a category (`species`, `breed`, `allergies`, `season`, `instrument`, "Medication
  or active ingredient", ...): a real member from a small generic vocabulary (CATEGORIES);
- free text (`message`, `notes`, `reason`, `question`, `description`, `review`, `title`, ...):
  a phrase of the kind the parameter holds (TEXTS, TITLES).

A category this vocabulary does not know gets a proper name ("Hartman"): a named member reads
right in far more places than a random word. The vocabulary is generic on purpose: no catalog's
own example names appear here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

SUBJECT: ContextVar[tuple[str, ...]] = ContextVar("trajgen_subject", default=())
DOMAIN: ContextVar[str] = ContextVar("trajgen_domain", default="")
# What a domain's catalog talks about ("graph neural networks", "reinforcement learning"): the
# search phrases and topic examples its own tools give, noted when a catalog is loaded.
_TOPICS: dict[str, tuple[str, ...]] = {}
OWNER: ContextVar[str] = ContextVar("trajgen_owner", default="")  # the enclosing object parameter


@contextmanager
def subject(words: Sequence[str]) -> Iterator[None]:
    """Values drawn inside the block belong to `words` (innermost first in `SUBJECT`)."""
    token = SUBJECT.set((*words, *SUBJECT.get()))
    try:
        yield
    finally:
        SUBJECT.reset(token)


@contextmanager
def owner(words: Sequence[str]) -> Iterator[None]:
    """Values drawn inside the block are fields of the object parameter `words` names (a bare
    `name` inside `pharmacy` names a pharmacy)."""
    with subject(words):
        token = OWNER.set(words[-1] if words else "")
        try:
            yield
        finally:
            OWNER.reset(token)


@contextmanager
def in_domain(domain: str) -> Iterator[None]:
    """Free text drawn inside the block is about `domain`'s topics (`note_topics`)."""
    token = DOMAIN.set(domain)
    try:
        yield
    finally:
        DOMAIN.reset(token)


# Parameter words whose examples name what a catalog is about (search phrases, fields of work).
TOPIC_CUES = frozenset({"keyword", "keywords", "query", "topic", "topics", "subject", "expertise", "specialism",
                        "specialisms", "specialty", "specialties", "interest", "interests", "search", "term", "terms",
                        "theme", "themes", "field", "fields", "area", "areas", "tag", "tags"})
_TOPIC_SHAPE = re.compile(r"[a-z][a-z' -]{2,38}[a-z]")


def note_topics(domain: str, examples: Sequence[str]) -> None:
    """The topics a domain's catalog names: its topic-like parameters' examples, split at commas,
    lower-case phrases only (never ids or codes)."""
    found = [p.strip() for e in examples for p in str(e).split(",")]
    _TOPICS[domain] = tuple(dict.fromkeys(p for p in found if _TOPIC_SHAPE.fullmatch(p)))


# The words of the tool a value is drawn for (its enum values, its examples): what its free text
# and search words are about when the catalog names no topics ("sculpture", "Klucel G").
VOCABULARY: ContextVar[tuple[str, ...]] = ContextVar("trajgen_vocabulary", default=())
CHOICES: ContextVar[tuple[str, ...]] = ContextVar("trajgen_choices", default=())  # its enum values
_VOCAB_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9' -]{2,38}[A-Za-z0-9]")


def _phrases(values: Sequence[str]) -> tuple[str, ...]:
    """Short phrases among `values`; ids, codes and sentences are dropped."""
    return tuple(dict.fromkeys(p.replace("_", " ") for p in values
                               if isinstance(p, str) and _VOCAB_SHAPE.fullmatch(p.replace("_", " "))
                               and len(p.split()) <= 4 and not re.search(r"\d{3}", p)))


@contextmanager
def vocabulary(examples: Sequence[str], choices: Sequence[str] = ()) -> Iterator[None]:
    """Free text drawn inside the block may speak of `examples` (a tool's own example values),
    and its search words may also be one of `choices` (its enum values: "sculpture")."""
    tokens = VOCABULARY.set(_phrases(examples)), CHOICES.set(_phrases(choices))
    try:
        yield
    finally:
        VOCABULARY.reset(tokens[0])
        CHOICES.reset(tokens[1])


def topics() -> tuple[str, ...]:
    """The domain's topics, else the example values of the tool being drawn for."""
    return _TOPICS.get(DOMAIN.get(), ()) or VOCABULARY.get()


def search_words() -> tuple[str, ...]:
    """What a search in this tool looks for: the domain's topics, else the tool's own words."""
    return _TOPICS.get(DOMAIN.get(), ()) or (*VOCABULARY.get(), *CHOICES.get())


# Frames for wording about a topic, by the kind of text: terse, as people write into a form.
_TOPIC_FRAMES: dict[str, list[str]] = {
    "description": ["work on {t}", "an approach to {t}", "{t}: an overview"],
    "reason": ["for work on {t}", "ongoing work on {t}"],
    "question": ["how does this compare with earlier work on {t}?", "does this hold beyond {t}?"],
    "": ["about {t}", "regarding {t}", "on {t}"],
}


def topic_text(rng: random.Random, role: str) -> str | None:
    """Wording of kind `role` about one of the domain's own topics, or None when the catalog
    names none (generic wording from another life is never used for it)."""
    found = tuple(t for t in topics() if not _PROPER_NAME.fullmatch(t))  # a newspaper's name is no topic
    if not found:
        return None
    frames = _TOPIC_FRAMES.get(role) or _TOPIC_FRAMES[""]
    return _pick(rng, frames).format(t=_pick(rng, found))


# A name written as one ("The Plain Dealer", "Akron Beacon Journal"): what a text is sent to, never about.
_PROPER_NAME = re.compile(r"(?:The )?[A-Z][\w'&.-]*(?: (?:of |de |and )?[A-Z][\w'&.-]*)+")


# ---------------------------------------------------------------- vocabulary

CATEGORIES: dict[str, list[str]] = {
    "season": ["spring", "summer", "autumn", "winter"],
    "species": ["dog", "cat", "rabbit", "horse", "parrot", "red fox", "gray wolf", "bald eagle"],
    "animal": ["dog", "cat", "rabbit", "horse", "elephant", "dolphin", "owl"],
    "breed": ["Labrador Retriever", "Beagle", "Golden Retriever", "Siamese", "Maine Coon", "Border Collie"],
    "allergy": ["peanuts", "pollen", "penicillin", "chicken", "dust mites", "shellfish", "lactose"],
    "symptom": ["a persistent cough", "a mild fever", "headaches", "sore throat", "fatigue", "back pain"],
    "condition": ["asthma", "diabetes", "hypertension", "migraine", "arthritis", "eczema"],
    "disease": ["influenza", "malaria", "measles", "tuberculosis", "diabetes", "asthma"],
    "medication": ["amoxicillin", "ibuprofen", "carprofen", "metformin", "cetirizine", "omeprazole"],
    "ingredient": ["chicken", "spinach", "chickpeas", "mushrooms", "tomatoes", "rice", "eggs", "tofu", "salmon",
                   "sweet potato"],
    "medicine": ["amoxicillin", "ibuprofen", "paracetamol", "cetirizine", "omeprazole"],
    "drug": ["ibuprofen", "aspirin", "metformin", "atorvastatin", "amoxicillin"],
    "vaccine": ["rabies", "distemper", "influenza", "tetanus", "hepatitis B"],
    "material": ["bronze", "marble", "oak", "steel", "glass", "clay", "granite"],
    "reagent": ["sodium chloride", "ethanol", "Tris buffer", "acetone", "hydrochloric acid", "agarose"],
    "chemical": ["sodium chloride", "ethanol", "acetone", "hydrogen peroxide", "glycerol"],
    "organism": ["E. coli", "yeast", "Arabidopsis thaliana", "zebrafish", "Drosophila melanogaster"],
    "strain": ["K-12", "BL21", "S288C", "wild type"],
    "substance": ["water", "ethanol", "mercury", "acetone", "sodium chloride", "glycerol"],
    "element": ["oxygen", "carbon", "iron", "gold", "helium", "sodium", "copper"],
    "compound": ["water", "carbon dioxide", "glucose", "sodium chloride", "methane"],
    "particle": ["electron", "proton", "neutron", "photon", "muon"],
    "planet": ["Mars", "Jupiter", "Venus", "Saturn", "Neptune", "Mercury"],
    "mineral": ["quartz", "feldspar", "calcite", "mica", "pyrite"],
    "instrument": ["piano", "violin", "acoustic guitar", "cello", "flute", "drums", "saxophone"],
    "platform": ["PlayStation 5", "Xbox Series X", "Nintendo Switch", "PC", "iOS", "Android"],
    "console": ["PlayStation 5", "Xbox Series X", "Nintendo Switch"],
    "gender": ["female", "male", "non-binary"],
    "religion": ["Buddhism", "Christianity", "Islam", "Hinduism", "Judaism", "Sikhism"],
    "league": ["Premier League", "La Liga", "Serie A", "Bundesliga", "NBA", "NFL", "MLS"],
    "team": ["Liverpool", "Real Madrid", "Boston Celtics", "Chicago Bulls", "Bayern Munich", "Arsenal",
             "Golden State Warriors"],
    "club": ["Liverpool", "Real Madrid", "Arsenal", "Bayern Munich", "Juventus", "Ajax"],
    "sport": ["football", "basketball", "tennis", "cycling", "swimming", "volleyball", "cricket"],
    "department": ["Sales", "Engineering", "Finance", "Marketing", "Human Resources", "Support"],
    "course": ["Introduction to Statistics", "Organic Chemistry", "World History", "Linear Algebra"],
    "diet": ["vegetarian", "vegan", "gluten-free", "keto", "low-sodium"],
    "plant": ["lavender", "clover", "sunflower", "rosemary", "basil", "apple trees"],
    "flower": ["rose", "tulip", "sunflower", "orchid", "lavender"],
    "tree": ["oak", "maple", "pine", "birch", "olive"],
    "crop": ["wheat", "corn", "rice", "soybeans", "barley"],
    "fruit": ["apples", "bananas", "mangoes", "strawberries", "oranges"],
    "vegetable": ["carrots", "broccoli", "spinach", "peppers", "zucchini"],
    "vehicle": ["Toyota Corolla", "Honda Civic", "Ford F-150", "Tesla Model 3", "Volkswagen Golf"],
    "car": ["Toyota Corolla", "Honda Civic", "Ford F-150", "Tesla Model 3", "Volkswagen Golf"],
    "skill": ["Python", "public speaking", "project management", "data analysis", "copywriting"],
    "hobby": ["hiking", "photography", "chess", "gardening", "painting"],
    "specialization": ["family law", "criminal law", "cardiology", "tax law", "pediatrics"],
    "specialty": ["cardiology", "dermatology", "pediatrics", "orthopedics", "neurology"],
    "field": ["biology", "economics", "computer science", "medicine", "physics"],
    "region": ["Europe", "North America", "Southeast Asia", "Latin America", "Middle East"],
    "continent": ["Europe", "Asia", "Africa", "South America", "Oceania"],
    "mood": ["happy", "relaxed", "energetic", "calm", "nostalgic"],
    "emotion": ["joy", "anger", "surprise", "sadness", "fear"],
    "weather": ["sunny", "rainy", "cloudy", "snowy", "windy"],
    "discovery": ["penicillin", "relativity", "DNA's double helix", "radioactivity"],
    "theory": ["relativity", "evolution by natural selection", "quantum mechanics"],
    "battle": ["Battle of Hastings", "Battle of Waterloo", "Battle of Gettysburg"],
    "war": ["World War II", "Hundred Years' War", "American Civil War"],
    "empire": ["Roman Empire", "Ottoman Empire", "Mongol Empire"],
    "museum": ["Louvre", "British Museum", "Metropolitan Museum of Art", "Prado"],
    "landmark": ["Eiffel Tower", "Colosseum", "Golden Gate Bridge", "Big Ben"],
    "monument": ["Eiffel Tower", "Statue of Liberty", "Colosseum", "Machu Picchu"],
    "sculpture": ["The Thinker", "David", "Venus de Milo", "The Kiss"],
    "painting": ["The Starry Night", "Mona Lisa", "The Night Watch", "Girl with a Pearl Earring"],
    "university": ["Stanford University", "University of Toronto", "ETH Zurich", "University of Oxford"],
    "school": ["Lincoln High School", "Riverside Elementary", "Westfield Academy"],
    "court": ["Supreme Court", "District Court", "Court of Appeals", "Family Court"],
    # words a value is one of a few of, whatever the domain
    "status": ["active", "pending", "completed", "cancelled", "on hold"],
    "units": ["metric", "imperial"],
    "unit": ["meter", "kilogram", "second", "liter", "mile", "celsius"],
    "frequency": ["daily", "weekly", "monthly", "hourly"],
    "freq": ["daily", "weekly", "monthly", "hourly"],
    "recurrence": ["daily", "weekly", "monthly", "yearly"],
    "amenity": ["free wifi", "parking", "pool", "breakfast included", "gym", "air conditioning", "pet-friendly"],
    "facility": ["parking", "wifi", "wheelchair access", "restrooms", "lockers"],
    "feature": ["wifi", "parking", "air conditioning", "balcony", "dishwasher"],
    "priority": ["low", "normal", "high", "urgent"],
    "severity": ["low", "medium", "high", "critical"],
    "level": ["low", "medium", "high"],
    "exercise": ["running", "cycling", "yoga", "swimming", "strength training", "walking"],
    "workout": ["running", "cycling", "yoga", "swimming", "strength training", "walking"],
    "activity": ["running", "cycling", "hiking", "yoga", "swimming", "walking"],
    "sector": ["technology", "healthcare", "energy", "financials", "consumer goods"],
    "industry": ["technology", "healthcare", "retail", "manufacturing", "finance"],
    "role": ["admin", "editor", "viewer", "member"],
    "direction": ["north", "south", "east", "west"],
    "channel": ["email", "sms", "push", "phone"],
    "environment": ["production", "staging", "development"],
    "shift": ["morning", "afternoon", "night"],
    "period": ["daily", "weekly", "monthly", "quarterly", "yearly"],
    "crime": ["burglary", "fraud", "theft", "assault", "vandalism", "arson"],
    "contract": ["employment contract", "lease agreement", "service agreement", "non-disclosure agreement",
                 "sales contract"],
    "cell": ["neuron", "red blood cell", "epithelial cell", "stem cell", "muscle cell"],
    "energy": ["solar", "wind", "hydroelectric", "geothermal", "biomass"],
    "gene": ["BRCA1", "TP53", "EGFR", "APOE", "CFTR"],
    "protein": ["hemoglobin", "insulin", "collagen", "keratin", "actin"],
    "molecule": ["ATP", "glucose", "hemoglobin", "cholesterol", "DNA"],
    "organelle": ["mitochondria", "ribosome", "nucleus", "Golgi apparatus", "endoplasmic reticulum"],
    "habitat": ["forest", "wetland", "grassland", "desert", "coastal", "tundra"],
    "ecosystem": ["coral reef", "tropical rainforest", "wetland", "grassland", "boreal forest"],
    "zodiac": ["Aries", "Taurus", "Gemini", "Leo", "Virgo", "Scorpio", "Pisces"],
    "room": ["single", "double", "twin", "suite", "standard"],
    "degree": ["Bachelor of Science in Biology", "MBA", "Master of Arts in History", "BSc in Computer Science",
               "PhD in Chemistry"],
    "education": ["Bachelor of Science in Biology", "MBA", "Master of Arts in History", "BSc in Computer Science"],
    "qualification": ["Bachelor of Science in Biology", "MBA", "Certified Public Accountant", "PMP certification"],
    "ssid": ["HomeWiFi", "Office-5G", "Guest-Network", "Kitchen_2.4G"],
    "pronoun": ["she/her", "he/him", "they/them", "she/they", "he/they"],
    "salutation": ["Mr", "Ms", "Mx", "Dr"],
    "title_prefix": ["Mr", "Ms", "Mx", "Dr", "Prof"],
}
# Words whose members depend on what they belong to: the first context whose words the name,
# the description or the tool mention decides ("class" of travel is "economy", of a character
# "mage"); a rating scale the description names is that scale's ("ESRB rating" -> "T").
CONTEXTUAL: dict[str, list[tuple[frozenset[str], list[str]]]] = {
    "class": [(frozenset({"travel", "flight", "cabin", "seat", "ticket", "fare", "train", "airline", "booking"}),
               ["economy", "premium economy", "business", "first"]),
              (frozenset({"character", "player", "hero", "rpg", "game"}), ["warrior", "mage", "rogue", "healer"]),
              (frozenset({"vehicle", "car", "rental"}), ["compact", "midsize", "SUV", "luxury"])],
    "team": [(frozenset({"football", "soccer", "premier", "liga"}), ["Liverpool", "Real Madrid", "Arsenal", "Bayern Munich"]),
             (frozenset({"basketball", "nba"}), ["Boston Celtics", "Chicago Bulls", "Golden State Warriors"]),
             (frozenset({"baseball", "mlb"}), ["New York Yankees", "Los Angeles Dodgers", "Chicago Cubs"]),
             (frozenset({"hockey", "nhl"}), ["Toronto Maple Leafs", "Boston Bruins", "Montreal Canadiens"])],
    "rating": [(frozenset({"esrb"}), ["E", "E10+", "T", "M"]), (frozenset({"pegi"}), ["3", "7", "12", "16", "18"]),
               (frozenset({"mpaa", "movie", "film", "mpa"}), ["G", "PG", "PG-13", "R"]),
               (frozenset({"energy", "efficiency"}), ["A", "B", "C"])],
}


def contextual_value(rng: random.Random, word: str, context: Sequence[str]) -> str | None:
    """A member of `word` as its context reads it, or None when no context of it is mentioned."""
    said = set(context) | set(SUBJECT.get())
    return next((_pick(rng, values) for words, values in CONTEXTUAL.get(word, []) if words & said), None)


# Units by the quantity they measure: a speed's unit is "km/h", never "second".
UNITS: dict[str, list[str]] = {
    "speed": ["km/h", "m/s", "mph"], "velocity": ["km/h", "m/s", "mph"],
    "distance": ["km", "miles", "meters"], "length": ["meters", "cm", "feet"], "height": ["cm", "meters", "feet"],
    "weight": ["kg", "lb", "g"], "mass": ["kg", "lb", "g"], "temperature": ["celsius", "fahrenheit"],
    "volume": ["liters", "ml", "gallons"], "time": ["seconds", "minutes", "hours"],
    "duration": ["seconds", "minutes", "hours"], "area": ["square meters", "acres", "hectares"],
    "energy": ["kWh", "joules", "calories"], "pressure": ["hPa", "psi", "bar"], "power": ["W", "kW"],
    "data": ["MB", "GB"], "storage": ["MB", "GB"], "frequency": ["Hz", "kHz", "MHz"],
}
_ALIASES = {"state": "status", "crimes": "crime", "contracts": "contract", "cells": "cell", "genes": "gene",
            "proteins": "protein", "molecules": "molecule", "organelles": "organelle", "habitats": "habitat",
            "ecosystems": "ecosystem",
            "units": "units", "allergies": "allergy", "medications": "medication", "medicines": "medicine", "drugs": "drug",
            "symptoms": "symptom", "breeds": "breed", "seasons": "season", "materials": "material",
            "instruments": "instrument", "platforms": "platform", "teams": "team", "leagues": "league",
            "sports": "sport", "skills": "skill", "hobbies": "hobby", "conditions": "condition",
            "diseases": "disease", "plants": "plant", "fruits": "fruit", "vegetables": "vegetable",
            "crops": "crop", "flowers": "flower", "trees": "tree", "regions": "region", "vaccines": "vaccine",
            "vaccination": "vaccine", "vaccinations": "vaccine", "ingredients": "ingredient"}
# An ingredient is a drug's where the tool is a pharmacy's ("active ingredient", a compound, a
# prescription), else a cook's: a breakfast recipe "with ibuprofen, cetirizine and metformin" was one.
_DRUG_WORDS = frozenset({"active", "drug", "drugs", "medication", "medications", "medicine", "pharmacy",
                         "prescription", "prescriptions", "compound", "compounding", "formulation", "dose", "dosage",
                         "api", "excipient"})

PET_WORDS = frozenset({"pet", "pets", "dog", "dogs", "cat", "cats", "puppy", "kitten", "horse", "animal",
                       "rabbit", "parrot", "hamster"})
PET_NAMES = ["Bella", "Max", "Luna", "Charlie", "Milo", "Daisy", "Rocky", "Coco", "Nala", "Oscar", "Pepper"]
# Boats are named as their owners name them ("Sea Breeze", "Miss Molly"), never "Lloyd Vessel".
VESSEL_WORDS = frozenset({"vessel", "boat", "ship", "yacht", "sailboat", "ferry", "trawler", "barge", "tug",
                          "tugboat", "cruiser", "catamaran", "schooner", "dinghy", "tender"})
VESSEL_NAMES = ["Sea Breeze", "Miss Molly", "Blue Heron", "Second Wind", "Reel Therapy", "Island Time",
                "Osprey", "Windward", "Knot Working", "Serenity", "Salty Dog", "Northern Star", "Liberty",
                "Aquaholic", "Tide Runner", "Marlin Magic", "Happy Hour", "Kestrel", "Halcyon", "Sea Ya"]
PERSON_WORDS = frozenset({"player", "athlete", "lawyer", "attorney", "actor", "actress", "author", "writer",
                          "singer", "user", "person", "contact", "employee", "member", "customer", "patient",
                          "doctor", "vet", "veterinarian", "teacher", "student", "coach", "driver", "owner",
                          "manager", "friend", "guest", "president", "scientist", "character", "prophet",
                          "king", "queen", "painter", "director", "candidate", "politician", "inventor",
                          "composer", "philosopher", "physician", "nurse", "agent", "host", "speaker",
                          "recipient", "sender", "assignee", "reviewer", "instructor", "tutor", "therapist",
                          "stylist", "barber", "dentist", "trainer", "mechanic", "plumber", "electrician",
                          "hairdresser", "surgeon", "caregiver", "babysitter", "nanny", "landlord", "tenant",
                          "plaintiff", "defendant", "claimant", "respondent", "petitioner", "appellant", "witness",
                          "judge", "clerk", "beekeeper", "inspector", "reporter", "filer", "payer", "payee",
                          "officer", "applicant", "beneficiary", "holder", "party", "buyer", "seller", "consignee",
                          "shipper", "captain", "pilot", "farmer", "operator", "technician", "supervisor",
                          "leader", "maintainer", "maker", "individual", "spouse", "founder", "creator",
                          "cardholder", "ruler", "monarch", "emperor", "pope", "chef", "designer", "developer",
                          "engineer", "architect", "photographer", "winner", "opponent", "partner", "colleague",
                          "parent", "mother", "father", "sibling", "child", "employer_contact", "artist"})
# Events are named after where they happen ("Lisbon Marathon", "Berlin Festival").
EVENT_WORDS = frozenset({"festival", "tournament", "competition", "championship", "conference", "marathon", "fair",
                         "expo", "race", "cup", "summit", "concert", "exhibition", "convention", "workshop"})
EVENT_PLACES = ["Berlin", "Lisbon", "Boston", "Chicago", "Melbourne", "Toronto", "Edinburgh", "Austin", "Montreal",
                "Copenhagen", "Vienna", "Seattle"]
# Things that come numbered ("Mission 3", "Level 12", "Chapter 4").
NUMBERED_WORDS = frozenset({"mission", "level", "stage", "round", "phase", "step", "chapter", "lesson", "module",
                            "section", "part", "episode", "quest", "week", "floor", "gate", "lane", "scenario",
                            "verse", "wave", "sprint", "milestone", "lab"})
# Things labelled rather than named ("Sample B7", "Rack C2").
LABELLED_WORDS = frozenset({"sample", "point", "slot", "bin", "shelf", "plot", "lot", "batch", "specimen", "tube",
                            "well", "rack", "box", "position", "seat", "spot", "unit", "bay", "zone", "sector",
                            "grid", "cell", "locker", "pallet", "tank", "bed", "stall", "sensor", "device"})
# Things people set up and name by when or where they run ("Evening routine", "Kitchen scene").
ROUTINE_WORDS = frozenset({"automation", "routine", "scene", "alarm", "playlist", "schedule", "rule", "timer",
                           "shortcut", "preset", "mix", "reminder", "list", "album", "collection", "folder"})
ROUTINE_LEADS = ["Morning", "Evening", "Weekend", "Bedtime", "Workout", "Road trip", "Holiday", "Sunday",
                 "Kitchen", "Guest", "Away", "Movie night"]
# Things people code-name ("Orion project", "Atlas workspace").
CODENAME_WORDS = frozenset({"project", "campaign", "workspace", "database", "dataset", "model", "repository",
                            "repo", "cluster", "server", "bucket", "branch", "environment", "pipeline", "app",
                            "application", "board", "channel", "group", "script", "space", "site", "instance",
                            "index", "table", "service", "experiment", "study", "program", "initiative"})
CODENAMES = ["Orion", "Atlas", "Phoenix", "Falcon", "Nova", "Aurora", "Summit", "Harbor", "Meridian", "Cobalt"]
PROFILE_WORDS = frozenset({"profile", "account", "card"})


# ---------------------------------------------------------------- free text

TEXTS: dict[str, list[str]] = {
    "obituary": [("Margaret Ann Kowalski, 84, passed away peacefully on May 30, 2025, surrounded by her family. "
                  "She taught third grade for 31 years and loved her garden."),
                 ("Robert James Ellison, 71, died at home on May 28, 2025. A lifelong mechanic, he leaves his wife "
                  "of 46 years, two sons and five grandchildren."),
                 ("Dorothy Mae Fischer, 92, entered eternal rest on May 31, 2025. In lieu of flowers, donations may "
                  "be made to the local hospice."),
                 ("Thomas Lee Harmon, 67, died May 29, 2025 after a brief illness. He served in the Navy and later "
                  "ran the family hardware store for thirty years.")],
    "status": ["completed successfully", "waiting for resources", "in progress, 3 of 5 steps done",
               "failed after a timeout", "scheduled for tonight", "paused by the operator"],
    "message": ["running late, be there in ten minutes", "can we move our call to tomorrow?",
                "please review the draft before Friday", "dinner is at seven, bring dessert",
                "the package arrived, thanks!", "let's meet at the usual place",
                "could you send me the latest figures?", "happy birthday, hope you have a great day"],
    "note": ["follow-up from last month", "all good, nothing to report", "needs another look next week",
             "see the attached photos", "discussed with the team on Monday", "prefers mornings if possible",
             "checked again after a week"],
    "reason": ["a scheduling conflict", "feeling unwell", "a change of plans", "a family emergency",
               "the weather", "a duplicate booking"],
    "question": ["what are the opening hours on weekends?", "how long does delivery usually take?",
                 "is there parking nearby?", "what is the capital of Australia?",
                 "how do I reset my password?", "which plan includes international calls?"],
    "description": ["weekly check-in with the design team", "quarterly budget review",
                    "kickoff for the new website", "team lunch to celebrate the launch",
                    "annual check-up", "follow-up on last month's results"],
    "review": ["great service, would come back", "the food was cold when it arrived",
               "friendly staff and quick delivery", "good value for the price",
               "a bit noisy but the location is perfect"],
    "answer": ["Sure, the meeting is moved to 3 pm.", "The report is attached below.",
               "Yes, the order shipped this morning.", "I could not find that file."],
    "instruction": ["leave the parcel with the neighbor", "ring the bell twice", "call on arrival",
                    "use the side entrance", "deliver after 5 pm"],
    "request": ["late check-in, around 10 pm", "a quiet room away from the elevator", "extra towels, please",
                "a high chair for a toddler", "ground floor if possible", "a window seat if available"],
    "caption": ["sunset at the beach", "first day at the new office", "weekend hike with friends",
                "homemade lasagna"],
    "bio": ["coffee lover and weekend cyclist", "software engineer based in Lisbon",
            "amateur photographer, dog person", "teacher, reader, runner"],
    # what was done about a finding (set 44: "Taken 7. I would be grateful for a decision ...")
    "action": ["Stopped the line, corrected the cause and re-checked; back within limits",
               "Adjusted the setting and re-verified; reading back within the limit",
               "Affected product held, equipment cleaned and re-inspected acceptable",
               "Repaired on site and re-tested; working as intended",
               "Cause found and corrected; supervisor re-checked and signed off"],
    "sentence": ["The quick brown fox jumps over the lazy dog.", "Our team meets every Monday morning.",
                 "The museum is closed on public holidays.", "She finished the marathon in under four hours."],
}
_TEXT_ROLES: list[tuple[frozenset[str], str]] = [
    (frozenset({"obituary", "obituaries", "eulogy"}), "obituary"),  # before "text": `obituary_text` is one
    (frozenset({"action", "actions", "corrective", "remedy", "remediation"}), "action"),
    (frozenset({"status", "state", "progress"}), "status"),
    (frozenset({"note", "notes", "memo", "remark", "remarks", "comment", "comments", "memory", "fact"}), "note"),
    (frozenset({"reason", "why", "cause", "justification", "rationale", "motivation"}), "reason"),
    (frozenset({"question", "questions", "prompt", "ask", "query", "inquiry"}), "question"),
    (frozenset({"description", "desc", "summary", "details", "about", "agenda", "purpose"}), "description"),
    (frozenset({"review", "reviews", "feedback", "rating_text", "testimonial"}), "review"),
    (frozenset({"answer", "response", "reply_text", "completion", "output"}), "answer"),
    (frozenset({"instruction", "instructions", "directions"}), "instruction"),
    (frozenset({"request", "requests", "preference", "preferences", "special"}), "request"),
    (frozenset({"caption", "captions", "alt"}), "caption"),
    (frozenset({"bio", "biography", "tagline", "headline_text"}), "bio"),
    (frozenset({"text", "sentence", "sentences", "paragraph", "input", "string", "statement", "passage"}),
     "sentence"),
    (frozenset({"message", "messages", "body", "content", "post", "tweet", "reply"}), "message"),
]

TITLES: dict[str, list[str]] = {
    "event": ["Team offsite", "Quarterly review", "Birthday dinner", "Dentist appointment", "Book club",
              "Project kickoff", "Parent-teacher meeting"],
    "task": ["Renew car insurance", "Pay the electricity bill", "Call the plumber", "Book flights for June",
             "Send the invoice", "Pick up dry cleaning"],
    "subject": ["Quick question about Friday", "Meeting notes", "Invoice for May", "Updated schedule",
                "Welcome aboard", "Your order has shipped"],
    "headline": ["City council approves new bike lanes", "Local bakery wins national award",
                 "Heatwave expected this weekend", "New library opens downtown"],
    "document": ["Q3 sales report", "Onboarding checklist", "Trip itinerary", "Budget 2025", "Meeting minutes"],
}
_TITLE_THINGS: list[tuple[frozenset[str], str]] = [
    (frozenset({"event", "events", "meeting", "appointment", "calendar", "session", "call", "booking"}), "event"),
    (frozenset({"task", "tasks", "todo", "reminder", "ticket", "issue", "item", "goal"}), "task"),
    (frozenset({"email", "mail", "message", "subject", "thread", "conversation", "inbox"}), "subject"),
    (frozenset({"post", "article", "blog", "news", "story", "headline", "press"}), "headline"),
    (frozenset({"document", "doc", "report", "page", "file", "note", "notes", "sheet", "presentation",
                "spreadsheet", "wiki"}), "document"),
]


def _pick(rng: random.Random, items: Sequence[str]) -> str:
    return items[rng.randrange(len(items))]


def _singular(word: str, near: Sequence[str] = ()) -> str:
    """The category `word` names (`near`: the words around it, "active ingredient")."""
    key = _ALIASES.get(word, word[:-1] if word.endswith("s") and word[:-1] in CATEGORIES else word)
    if key == "ingredient" and (_DRUG_WORDS & {*SUBJECT.get(), *near, DOMAIN.get()}):
        return "medication"
    return key


def category_value(rng: random.Random, words: Sequence[str]) -> str | None:
    """A member of the first category named in `words` (last word first), or None."""
    for word in reversed(words):
        key = _singular(word, words)
        if key in CATEGORIES:
            return _pick(rng, CATEGORIES[key])
    return None


def is_category(word: str) -> bool:
    """Whether `word` names a category this vocabulary has members of (`units`, `species`)."""
    return _singular(word) in CATEGORIES


def text_role(words: Sequence[str]) -> str | None:
    said = set(words)
    return next((role for keys, role in _TEXT_ROLES if keys & said), None)


# Sentences any formal free-text field (a statement, a justification, notes) may close with: what
# lengthens a text its schema wants long, where the catalog says nothing of its content. Chat
# lines ("running late") would make a 200-character justification no one writes.
FORMAL_SENTENCES = (
    "The details were checked against the record before submitting.",
    "Supporting documents are on file and can be sent on request.",
    "This was reviewed and agreed with the team responsible.",
    "Please contact me if anything further is needed.",
    "The facts above are correct to the best of my knowledge.",
    "A copy of this note has been kept for our files.",
    "I would be grateful for a decision at the earliest opportunity.",
    "No other action is pending on this matter.",
)


# A list of three or more short words in a note's description ("Inspector's notes (colour,
# shape, defects)", "Dispatch notes: gate hours, PPE, badging") names what notes speak of, not
# what a note says: a note written about them.
_TOPIC_NOTES = ("{t} checked", "{t} noted", "{t} and {u} checked", "{t} and {u} noted")
_SHOWN = re.compile(r"\be\.g\.|\bfor example\b|\bsuch as\b|\blike\b", re.IGNORECASE)
_TOPIC_WORD = re.compile(r"[A-Za-z][A-Za-z' -]{0,28}[A-Za-z]")


def topic_notes(rng: random.Random, name_words: Sequence[str], examples: Sequence[object],
                schema: dict[str, object]) -> list[str] | None:
    """Notes about the topics a note's description lists, or None when `examples` are no topic list
    (fewer than three, given as examples of a note: "e.g. substitutions allowed", a schema's
    `examples` "felt strong", "sore legs")."""
    if text_role(name_words) != "note" or len(examples) < 3 or "examples" in schema or \
            _SHOWN.search(str(schema.get("description") or "")) or not all(
            isinstance(e, str) and _TOPIC_WORD.fullmatch(e) and len(e.split()) <= 3 for e in examples):
        return None
    topics = [str(e) for e in examples]
    if any(_states(t) for t in topics):  # "(agitator broken, off odour, wash chart missing)": notes themselves
        return None
    out = []
    for _ in range(3):
        t, u = rng.sample(topics, 2)
        out.append(_pick(rng, _TOPIC_NOTES).format(t=t, u=u))
    return out


def _states(phrase: str) -> bool:
    """Whether a phrase of two or more words says a state ("agitator broken", "off odour"): a
    word that is only an adjective or a participle, never a noun."""
    from ..phrasebook.lexicon import lemmas

    words = phrase.lower().split()
    return len(words) >= 2 and any(
        "NOUN" not in (found := lemmas(w)) and ("ADJ" in found or ("VERB" in found and w.endswith(("ed", "en"))))
        for w in words)


def lengthened(value: str, lo: int, rng: random.Random) -> str:
    """`value` followed by formal sentences, each once, until it is at least `lo` characters."""
    text = value.strip()
    if text and text[-1] not in ".!?":
        text += "."
    text = text[:1].upper() + text[1:]
    for sentence in rng.sample(FORMAL_SENTENCES, len(FORMAL_SENTENCES)):
        if len(text) >= lo:
            break
        text = f"{text} {sentence}".strip()
    return text


def text_value(rng: random.Random, words: Sequence[str]) -> str:
    """A phrase of the kind `words` (name, then description words) call for; a message by default."""
    return _pick(rng, TEXTS[text_role(words) or "message"])


def title_value(rng: random.Random, words: Sequence[str], fallback: Callable[[], str]) -> str:
    """A title fitting the thing it titles (an event, a task, an email, a post, a document), or the
    `fallback` (a work's title) when the words name none of those."""
    context = set(words) | set(SUBJECT.get())
    kind = next((k for keys, k in _TITLE_THINGS if keys & context), None)
    return _pick(rng, TITLES[kind]) if kind else fallback()


# ---------------------------------------------------------------- names

Namer = Callable[[random.Random, str, Callable[[], str]], str]


def _pet(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    return _pick(rng, PET_NAMES)


def _vessel(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    return _pick(rng, VESSEL_NAMES)


def _routine(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    return f"{_pick(rng, ROUTINE_LEADS)} {thing}"


def _codename(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    return _pick(rng, CODENAMES)  # "the Orion project" is said around it


# Places and organisations named after a person or a town ("Keller Pharmacy", "Hartman Museum").
INSTITUTION_WORDS = frozenset({"pharmacy", "clinic", "hospital", "museum", "gallery", "school", "university",
                               "college", "library", "bank", "store", "shop", "gym", "salon", "bakery", "cafe",
                               "bar", "restaurant", "hotel", "exchange", "market", "company", "firm", "studio",
                               "theater", "theatre", "cinema", "park", "zoo", "church", "lab", "laboratory",
                               "office", "agency", "station", "airport", "garage", "farm", "winery", "brewery",
                               "apiary", "site", "warehouse", "depot", "facility", "center", "centre", "venue",
                               "hall", "court", "port", "terminal", "yard", "ranch", "orchard", "vineyard"})


def _institution(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    """ "Keller Pharmacy" for an institution or any other named thing ("Hartman Building"); a
    label for things that are labelled ("Sample B7")."""
    if not thing:
        return surname()
    if thing.split()[-1] in LABELLED_WORDS:
        return f"{thing.split()[-1].title()} {_pick(rng, 'ABCDEFGH')}{rng.randint(1, 9)}"
    return f"{surname()} {thing.title()}"


def _event(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    return f"{_pick(rng, EVENT_PLACES)} {thing.title()}"


def _numbered(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    return f"{thing.title()} {rng.randint(1, 12)}"


def unit_value(rng: random.Random, words: Sequence[str]) -> str | None:
    """A unit of the quantity `words` name (the parameter's name, then its description)."""
    quantity = next((w for w in words if w in UNITS), None)
    return _pick(rng, UNITS[quantity]) if quantity else None


# Things of a software system, named as their operators name them: lower-case slugs
# ("checkout-api", "billing-worker"), never a placeholder such as "Deployment H9".
SYSTEM_WORDS = frozenset({"deployment", "pod", "service", "container", "node", "job", "cronjob", "workload",
                          "replicaset", "statefulset", "daemonset", "ingress", "configmap", "secret", "referent",
                          "resource", "host", "vm", "queue", "workflow", "db", "function", "lambda",
                          "microservice", "namespace", "volume", "stack", "component"})  # (a project or a cluster: CODENAMES)
SYSTEM_STEMS = ["checkout", "billing", "payments", "search", "inventory", "orders", "auth", "catalog", "reports",
                "notifications", "analytics", "gateway", "ledger", "shipping", "profile", "media"]
SYSTEM_ROLES = ["api", "web", "worker", "service", "frontend", "backend", "scheduler", "cache", "sync", "db"]


def _system(rng: random.Random, thing: str, surname: Callable[[], str]) -> str:
    stem = _pick(rng, SYSTEM_STEMS)
    return stem if thing == "namespace" else f"{stem}-{_pick(rng, SYSTEM_ROLES)}"


_NAMERS: list[tuple[frozenset[str], Namer]] = [
    (SYSTEM_WORDS, _system),
    (EVENT_WORDS, _event),
    (NUMBERED_WORDS, _numbered),
    (PET_WORDS, _pet),
    (VESSEL_WORDS, _vessel),
    (ROUTINE_WORDS, _routine),
    (CODENAME_WORDS, _codename),
]


# People named by what they do that PERSON_WORDS does not list: a caller, a renter, a radiologist.
_PERSON_ROLES = frozenset({"scout", "tech", "welder", "rigger", "fitter", "diver", "mate", "tuner", "picker", "helper",
                           "apprentice", "steward",  # set 27: scouts "Ward Scout", "Johnson Scout"
                           "guardian", "skater", "deponent", "videographer", "stenographer",  # set 49: "Lopez Guardian"
                           "caller", "renter", "requester", "requestor", "complainant", "resident", "visitor",
                           "subscriber", "borrower", "lender", "worker", "dispatcher", "homeowner", "occupant",
                           "signer", "signatory", "declarant", "approver", "submitter", "forester", "scaler", "cruiser", "donor", "adjuster",
                           "technologist", "radiologist", "nephrologist", "pharmacist", "dietitian", "consignor",
                           "traveler", "traveller", "passenger", "rider", "lessee", "lessor", "insured",
                           "policyholder", "volunteer", "examiner", "auditor", "surveyor", "handler", "courier",
                           "hygienist", "machinist", "receptionist", "specialist", "florist", "chemist", "cyclist",
                           "grantor", "grantee", "applicator", "breeder", "beekeeper", "groomer", "trainer",
                           "installer", "captain", "skipper", "deckhand", "notary", "bailiff", "deceased",
                           "decedent", "bride", "groom", "honoree", "mourner", "widow", "widower", "client",
                           "analyst", "hauler", "assessor", "referee", "official", "umpire", "trucker", "foreman",
                           "superintendent", "estimator", "cashier", "teller", "grader", "sampler", "officiant",
                           "veteran", "understudy", "informant", "stage manager", "usher"})
_PERSON_SUFFIXES = ("ologist", "ician")  # a bare "-ist" is a playlist or a checklist too


_SERVING = frozenset({"service", "summons", "subpoena", "process", "served", "serve"})


def is_person_role(thing: str) -> bool:
    """Whether a noun names a person by role ("caller", "radiologist"): their name is a person's,
    never "Ho Caller"."""
    t = thing.lower()
    return t in PERSON_WORDS or t in _PERSON_ROLES or (len(t) > 5 and t.endswith(_PERSON_SUFFIXES))


def _named(rng: random.Random, thing: str, person: Callable[[], str], surname: Callable[[], str]) -> str | None:
    if is_person_role(thing) or is_person_role(_stem(thing)) or (thing == "server" and _SERVING & set(SUBJECT.get())):
        return person()  # (a process server, who serves a summons, is a person; a web server is not)
    titled = next((k for keys, k in _TITLE_THINGS if thing in keys and k in ("event", "task")), None)
    if titled:  # an event's or a task's name is its title ("Team offsite")
        return _pick(rng, TITLES[titled])
    return next((namer(rng, thing, surname) for words, namer in _NAMERS if thing in words), None)


def knows(thing: str) -> bool:
    """Whether a thing's name is made here (a person, a pet, a routine, a code name, a system,
    an institution, a category member) rather than left to what its description says."""
    return (is_person_role(thing) or thing in INSTITUTION_WORDS or _singular(thing) in CATEGORIES or
            any(thing in words for words, _ in _NAMERS) or any(thing in keys for keys, _ in _TITLE_THINGS))


def name_of_thing(rng: random.Random, thing: str, person: Callable[[], str],
                  surname: Callable[[], str]) -> str | None:
    """A name for a `thing` that is named rather than chosen (`model` -> "Orion", `playlist` ->
    "Workout playlist", `player` -> a person, `library` -> "Keller Library"), None for anything else."""
    named = _named(rng, thing, person, surname)
    return named or (_institution(rng, thing, surname) if thing in INSTITUTION_WORDS else None)


# Words that say which of a thing's names is meant, never what is named.
_NAME_MODIFIERS = frozenset({"new", "old", "current", "previous", "prior", "former", "corrected", "updated", "revised",
                             "alternate", "preferred"})


def name_value(rng: random.Random, thing_words: Sequence[str], person: Callable[[], str],
               surname: Callable[[], str]) -> str | None:
    """A name for the thing `thing_words` name (the words before `name`: "museum" -> "Keller
    Museum", "automation" -> "Evening automation", "player" -> a person); for a bare `name`
    (no words) the subject decides (`name` in a pet's profile is a pet's), None when it cannot."""
    own = [w for w in thing_words if w not in ("the", "of", "a", "an") and w not in _NAME_MODIFIERS]
    if own and all(w.endswith("ed") for w in own):  # `authorized_name`, `insured_name`: a person's (set 27:
        return person()  # "Gutierrez Corrected Authorized" for a `corrected_authorized_name`)
    if own:
        return category_value(rng, own) or _named(rng, own[-1], person, surname) or \
            _institution(rng, " ".join(own[-2:]), surname)  # "Funeral home name": "Crawford Funeral Home"
    said = next((said for w in SUBJECT.get() if (said := _named(rng, w, person, surname))), None)
    thing = OWNER.get()
    return said or (_institution(rng, thing, surname) if thing and thing not in PROFILE_WORDS else None)


# ---------------------------------------------------------------- free text that agrees with its call

_EVERYDAY = frozenset(line for role, lines in TEXTS.items() if role != "action" for line in lines)  # an action
# taken is the trade's own wording (set 44), never replaced by the call's values read out ("condemn corrective action")
_STOP = frozenset({"the", "and", "for", "are", "was", "any", "all", "its", "not", "but", "has", "have", "one", "per",
                   "can", "may", "will", "new", "use", "used", "with", "from", "that", "this", "then", "when", "only",
                   "other", "such", "must", "than", "into", "also", "each", "more", "less", "none", "after", "before",
                   "their", "there", "what", "how", "who", "set", "get", "give", "given", "found"})


def _stem(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def stems(text: str) -> set[str]:
    """Content words of `text`, singular, lower-case ("Needles and other sharps" -> needle, sharp)."""
    words = re.findall(r"[a-z]{3,}", text.lower().replace("_", " "))
    return {_stem(w) for w in words if w not in _STOP}


def glosses(prose: str, members: Sequence[str], common: set[str] | None = None) -> dict[str, set[str]]:
    """The words that tell each member of a category apart: its own words and the ones the prose
    puts next to it ("needles and other sharps", "'corrective' (something is broken)"), minus
    words the prose puts next to another member too."""
    return {m: set(words) for m, words in _glosses(prose, tuple(members), frozenset(common or ()))}


@lru_cache(maxsize=4096)
def _glosses(prose: str, members: tuple[str, ...], common: frozenset[str]) -> tuple[tuple[str, frozenset[str]], ...]:
    # every call of a tool with a category asks again (sampling, its repairs): the same prose
    clauses = [" ".join(c.split()) for c in re.split(r"[,;:.\n]\s", re.sub(r"[_-]", " ", prose.lower()))]
    near: dict[str, set[str]] = {}
    for m in members:
        spoken = re.sub(r"[_-]", " ", m.lower())
        found = stems(spoken)
        for clause in clauses:  # a list's next item is its own clause: its words are not this member's
            for hit in re.finditer(rf"(?<![a-z]){re.escape(spoken)}s?(?![a-z])", clause):
                found |= stems(" ".join(clause[:hit.start()].split()[-3:] + clause[hit.end():].split()[:3]))
        near[m] = found - common
    named = {m: stems(re.sub(r"[_-]", " ", m.lower())) for m in members}
    return tuple((m, frozenset(words - set().union(*(w for o, w in near.items() if o != m)) | _own_words(m, named)))
                 for m, words in near.items())


def _own_words(member: str, named: dict[str, set[str]]) -> set[str]:
    """A member's own words, less those another member's name has too ("crown" of crown_cleaning
    and crown_raising tells neither apart: set 32), unless nothing is left."""
    shared = set().union(*(w for o, w in named.items() if o != member))
    return named[member] - shared or named[member]


Chosen = dict[str, tuple[str, dict[str, set[str]]]]  # param -> (the call's value, each member's words)


def agreement(text: str, chosen: Chosen) -> tuple[bool, int] | None:
    """(speaks of the call's first category, how many of its categorical values it speaks of),
    or None when it speaks of another member of one of them (a chemical incident described by a
    needle in a sharps container)."""
    said = stems(text)
    # a value with no words of its own (an empty enum member, '') speaks of nothing
    if any(said & words and not said & gloss.get(value, set()) for value, gloss in chosen.values()
           for m, words in gloss.items() if m != value):
        return None
    spoken = [bool(said & gloss.get(value, set())) for value, gloss in chosen.values()]
    return bool(spoken and spoken[0]), sum(spoken)


def fits(text: str, chosen: Chosen) -> bool:
    """Whether `text` may stay: it speaks of the call's first category (an incident's type, a
    work order's type) and of no other member of any."""
    fit = agreement(text, chosen)
    return text not in _EVERYDAY and fit is not None and fit[0]


def about_call(rng: random.Random, chosen: Chosen, thing: Sequence[str], pool: Sequence[str],
               prose: str = "") -> str | None:
    """Free text for a call whose categories are `chosen`: the line of `pool` (the catalog's
    examples, a profile's values) that speaks best of the call's values and of no other member,
    else the call's value in the words the tool's `prose` gives what is reported ("problem with
    brakes found on the pre-trip inspection", "collision on a bus"), else a line made of those
    values and the thing the tool handles ("corrective gearbox work order"); None when the call
    has no category to speak of."""
    scored = {p: fit for p in pool if (fit := agreement(p, chosen)) is not None and fit[0]}
    if scored:
        best = max(scored.values())
        return _pick(rng, [p for p, fit in scored.items() if fit == best])
    values = [v.replace("_", " ") for v, _ in list(chosen.values())[:2]]
    seen, happened = _FOUND.search(prose), _HAPPENED.search(prose)
    if values and seen:  # "a bus defect found on the pre-trip inspection": what was found, where
        return f"problem with {values[0]} {seen.group(1)} {seen.group(2)}"
    if values and happened:  # "an incident that happened on a bus": the incident, where it happened
        return f"{values[0]} {happened.group(1)}"
    told = _what_happened(rng, values[0]) if values and set(thing) & _REPORTED else None
    if told:  # an incident's own account ("A person slipped ..."), never "injury incident" read back
        return told
    first = next(iter(chosen), "")
    if values and _ACTION_WORDS & set(re.split(r"[\W_]+", first.lower())):  # an inspector's note: "Seal deck cracks
        return f"{values[0][:1].upper()}{values[0][1:]} recommended"  # recommended", never "seal deck cracks low
    line = " ".join([*values, *thing])  # deficiency" (set 39)
    if values and agreement(line, chosen) is None:  # a second value in the words of another member
        line = " ".join([values[0], *thing])
    return line if values else None


# Words of a parameter naming what is to be done about a thing ("recommended_action").
_ACTION_WORDS = frozenset({"action", "actions", "recommended", "recommendation", "remedy", "repair", "treatment"})
# Things a report tells what happened in: an incident, a supplemental report, an accident.
_REPORTED = frozenset({"incident", "incidents", "report", "reports", "accident", "occurrence", "event", "complaint"})
# What happened, by the kind of incident (the words of its category value): facts only, as a
# witness writes them into a form, with no place, name or trade of any one catalog.
_HAPPENED_LINES: list[tuple[frozenset[str], tuple[str, ...]]] = [
    (frozenset({"injury", "injured", "hurt"}), (
        "A person slipped on the stairs and twisted an ankle; first aid was given on site.",
        "A person cut a hand on a sharp edge; the cut was cleaned and dressed.")),
    (frozenset({"illness", "ill", "sick"}), ("A person felt faint and unwell and was sent home early.",
                                            "A person reported nausea and dizziness and rested until collected.")),
    (frozenset({"equipment", "failure", "malfunction", "breakdown"}), (
        "A motor stopped mid-cycle and was shut off; maintenance was called.",
        "The unit stopped responding and was taken out of use until it is checked.")),
    (frozenset({"medical"}), ("A person collapsed and was attended by first aiders until the ambulance arrived.",
                              "A person had trouble breathing; staff called for first aid.")),
    (frozenset({"near", "miss"}), ("A falling object landed a metre from a person; the area was cordoned off.",
                                   "A load swung close to a person; work stopped and the rigging was checked.")),
    (frozenset({"abuse", "verbal"}), ("A person shouted insults and threats at a staff member and had to be escorted out.",
                                      "A person swore repeatedly at staff and refused to leave when asked.")),
    (frozenset({"assault", "violence", "violent"}), ("A person pushed a staff member in the chest; police were told.",
                                                      "A person struck another with a fist; both were separated.")),
    (frozenset({"spectator", "crowd", "fan", "fans"}), (
        "Spectators threw objects and the event was held for five minutes.",
        "A group of spectators kept shouting abuse and were asked to leave by security.")),
    (frozenset({"abandoned", "suspended", "stopped", "cancelled"}), (
        "The activity was stopped for severe weather and could not resume within thirty minutes.",
        "Activity was halted after a serious injury and not restarted.")),
    (frozenset({"theft", "stolen", "missing"}), ("Items left in an unlocked room were found missing at the end of the day.",)),
    (frozenset({"fire", "smoke"}), ("Smoke came from an extension lead; power was cut and the lead removed.",)),
    (frozenset({"spill", "leak"}), ("A liquid spilled across the floor; the area was closed and cleaned.",)),
    (frozenset({"weather", "wind", "lightning", "storm", "rain", "snow", "flood", "flooding"}), (
        "Work stopped for high winds and lightning; the crew stood by until it passed.",
        "Heavy rain flooded the access road and work was held until it drained.")),
    (frozenset({"waiting", "third", "vendor", "contractor", "supplier", "delay", "delayed"}), (
        "Work waited on an outside crew that arrived hours late.",
        "Parts promised for the morning did not arrive until the afternoon; work was held.")),
]


def what_happened(rng: random.Random, chosen: Chosen, thing: Sequence[str]) -> str | None:
    """A witness's line for a reported thing (an incident, an event) of the call's first category,
    or None when the thing is no report or no line tells of that kind."""
    values = [v.replace("_", " ") for v, _ in list(chosen.values())[:1]]
    return _what_happened(rng, values[0]) if values and set(thing) & _REPORTED else None


def _what_happened(rng: random.Random, value: str) -> str | None:
    said = set(re.findall(r"[a-z]+", value.lower()))
    lines = next((lines for words, lines in _HAPPENED_LINES if words & said), None)
    return _pick(rng, list(lines)) if lines else None


# What the tool's prose says of a reported thing: where it was found, where it happened.
_FOUND = re.compile(r"\b(found|noticed|observed|spotted|detected|seen)\s+((?:on|at|in|during)\s+[^.;,()]+?)(?=\s+or\b|\s+and\b|[.;,()]|$)")
_HAPPENED = re.compile(r"\bthat (?:happened|occurred|took place)\s+((?:on|at|in|during)\s+[^.;,()]+?)(?=\s+or\b|\s+and\b|[.;,()]|$)")


# ---------------------------------------------------------------- a person's own account

# What a text the prose says is someone's own account opens with: the person's reason, in the
# first person, from the call's own values (the grounds an appeal gives), then a closing line.
_OWN_FRAMES = ("My reason for this {thing}: {reason}.",
               "I am filing this {thing} for one reason: {reason}.",
               "In short, my {thing} comes down to this: {reason}.",
               "I ask you to look at this again. My reason: {reason}.")
_OWN_CLOSERS = ("The facts above are correct to the best of my knowledge.",
                "I would be grateful for a decision at the earliest opportunity.",
                "Please contact me if anything further is needed.",
                "I can send photos and receipts if they help.")
_REASON_WORDS = frozenset({"grounds", "ground", "reason", "reasons", "cause", "basis", "why", "complaint", "issue"})


def own_account(rng: random.Random, chosen: Chosen, thing: Sequence[str], lo: int = 0) -> str:
    """A first-person account for a call whose categories are `chosen` (the value of a reason-like
    parameter first): "I am asking for this appeal because of meter malfunction. ...", made at
    least `lo` characters with first-person closing lines; "" when no category is a reason."""
    reasons = [v for n, (v, _) in chosen.items() if _REASON_WORDS & set(n.lower().split("_"))]
    if not reasons:  # no grounds in the call: never a sex or a role as "my reason" (set 36)
        return ""
    value = reasons[0]
    text = _pick(rng, _OWN_FRAMES).format(thing=" ".join(thing) or "request",
                                         reason=str(value).replace("_", " ").replace(" or ", " and "))
    for closer in rng.sample(_OWN_CLOSERS, len(_OWN_CLOSERS)):
        if len(text) >= max(lo, 60):
            break
        text = f"{text} {closer}"
    return text


def everyday(text: str) -> bool:
    """A line from this module's generic vocabulary (wording from another life than a catalog's)."""
    return text in _EVERYDAY
