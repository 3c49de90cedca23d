#pragma once
// Word lists the generator draws names and texts from. Several lists hold non-ASCII text (accents,
// umlauts, Japanese) and a few review fragments hold quotes, backslashes and line breaks on
// purpose, so parsers and writers meet characters that need escaping.

#include <array>
#include <string_view>

namespace cairn::bench::datagen::words {

// A display form and an ASCII slug (for e-mail addresses and host names).
struct Name {
  std::string_view display;
  std::string_view slug;
};

inline constexpr std::array<Name, 48> kGivenNames = {{
    {"Anna", "anna"},      {"Ben", "ben"},           {"Clara", "clara"},     {"David", "david"},
    {"Elena", "elena"},    {"Felix", "felix"},       {"Grace", "grace"},     {"Hugo", "hugo"},
    {"Ines", "ines"},      {"Jonas", "jonas"},       {"Karin", "karin"},     {"Liam", "liam"},
    {"Maya", "maya"},      {"Noah", "noah"},         {"Olivia", "olivia"},   {"Paul", "paul"},
    {"Quinn", "quinn"},    {"Rosa", "rosa"},         {"Samuel", "samuel"},   {"Tara", "tara"},
    {"Umar", "umar"},      {"Vera", "vera"},         {"William", "william"}, {"Xenia", "xenia"},
    {"Yusuf", "yusuf"},    {"Zoe", "zoe"},           {"José", "jose"},       {"Zoë", "zoe"},
    {"Jürgen", "juergen"}, {"François", "francois"}, {"Søren", "soeren"},    {"Łukasz", "lukasz"},
    {"Chloé", "chloe"},    {"Björn", "bjoern"},      {"Inés", "ines"},       {"Mads", "mads"},
    {"Priya", "priya"},    {"Mateo", "mateo"},       {"Amara", "amara"},     {"Oskar", "oskar"},
    {"Leonie", "leonie"},  {"Théo", "theo"},         {"Nadia", "nadia"},     {"Emil", "emil"},
    {"Sofia", "sofia"},    {"Arjun", "arjun"},       {"Hannah", "hannah"},   {"Tomás", "tomas"},
}};

inline constexpr std::array<Name, 40> kFamilyNames = {{
    {"Smith", "smith"},           {"Müller", "mueller"},    {"Martin", "martin"},
    {"García", "garcia"},         {"Rossi", "rossi"},       {"Novak", "novak"},
    {"Johansson", "johansson"},   {"Kowalski", "kowalski"}, {"Dubois", "dubois"},
    {"Schmidt", "schmidt"},       {"Jensen", "jensen"},     {"Brown", "brown"},
    {"Fernández", "fernandez"},   {"Weber", "weber"},       {"Lefèvre", "lefevre"},
    {"O'Brien", "obrien"},        {"Nguyen", "nguyen"},     {"Patel", "patel"},
    {"Silva", "silva"},           {"Horváth", "horvath"},   {"Wagner", "wagner"},
    {"Moreau", "moreau"},         {"Costa", "costa"},       {"Fischer", "fischer"},
    {"Andersen", "andersen"},     {"Ivanova", "ivanova"},   {"Kim", "kim"},
    {"Okafor", "okafor"},         {"Larsen", "larsen"},     {"Bianchi", "bianchi"},
    {"Svensson", "svensson"},     {"Yilmaz", "yilmaz"},     {"Walsh", "walsh"},
    {"Nowak", "nowak"},           {"Meyer", "meyer"},       {"Lambert", "lambert"},
    {"Santos", "santos"},         {"Becker", "becker"},     {"Ødegaard", "oedegaard"},
    {"Zimmermann", "zimmermann"},
}};

inline constexpr std::array<Name, 12> kJapaneseGivenNames = {{
    {"花子", "hanako"},
    {"太郎", "taro"},
    {"陽菜", "hina"},
    {"蓮", "ren"},
    {"結衣", "yui"},
    {"大翔", "hiroto"},
    {"さくら", "sakura"},
    {"健太", "kenta"},
    {"美咲", "misaki"},
    {"翔太", "shota"},
    {"愛", "ai"},
    {"悠真", "yuma"},
}};

inline constexpr std::array<Name, 12> kJapaneseFamilyNames = {{
    {"佐藤", "sato"},
    {"鈴木", "suzuki"},
    {"高橋", "takahashi"},
    {"田中", "tanaka"},
    {"伊藤", "ito"},
    {"渡辺", "watanabe"},
    {"山本", "yamamoto"},
    {"中村", "nakamura"},
    {"小林", "kobayashi"},
    {"加藤", "kato"},
    {"吉田", "yoshida"},
    {"山田", "yamada"},
}};

inline constexpr std::array<std::string_view, 12> kMailDomains = {
    "mail.example",     "post.example",   "inbox.example",   "webmail.example",
    "example.com",      "example.org",    "example.net",     "uni.example",
    "courrier.example", "posteo.example", "mailbox.example", "letters.example",
};

// Nicknames, some with characters N-Triples must escape.
inline constexpr std::array<std::string_view, 10> kNicknames = {
    "The \"Hammer\"", "back\\slash", "Two\nLines", "Mr. \"Fix-it\"",     "Ace",
    "C:\\Users\\me",  "Sunny",       "\"Doc\"",    "Carriage\r\nReturn", "Zed",
};

// Syllables for invented city and brand names, with their katakana spelling.
struct Syllable {
  std::string_view latin;
  std::string_view kana;
};

inline constexpr std::array<Syllable, 40> kSyllables = {{
    {"ka", "カ"},  {"ki", "キ"}, {"ku", "ク"}, {"ke", "ケ"}, {"ko", "コ"}, {"sa", "サ"},
    {"shi", "シ"}, {"su", "ス"}, {"se", "セ"}, {"so", "ソ"}, {"ta", "タ"}, {"chi", "チ"},
    {"tsu", "ツ"}, {"te", "テ"}, {"to", "ト"}, {"na", "ナ"}, {"ni", "ニ"}, {"nu", "ヌ"},
    {"ne", "ネ"},  {"no", "ノ"}, {"ha", "ハ"}, {"hi", "ヒ"}, {"fu", "フ"}, {"he", "ヘ"},
    {"ho", "ホ"},  {"ma", "マ"}, {"mi", "ミ"}, {"mu", "ム"}, {"me", "メ"}, {"mo", "モ"},
    {"ra", "ラ"},  {"ri", "リ"}, {"ru", "ル"}, {"re", "レ"}, {"ro", "ロ"}, {"ya", "ヤ"},
    {"yu", "ユ"},  {"yo", "ヨ"}, {"wa", "ワ"}, {"n", "ン"},
}};

// Countries: the first Place numbers. Names in English, German, French and Japanese.
struct Country {
  std::string_view iso;
  std::string_view en, de, fr, ja;
};

inline constexpr std::array<Country, 30> kCountries = {{
    {"DE", "Germany", "Deutschland", "Allemagne", "ドイツ"},
    {"FR", "France", "Frankreich", "France", "フランス"},
    {"JP", "Japan", "Japan", "Japon", "日本"},
    {"US", "United States", "Vereinigte Staaten", "États-Unis", "アメリカ合衆国"},
    {"GB", "United Kingdom", "Vereinigtes Königreich", "Royaume-Uni", "イギリス"},
    {"IT", "Italy", "Italien", "Italie", "イタリア"},
    {"ES", "Spain", "Spanien", "Espagne", "スペイン"},
    {"CA", "Canada", "Kanada", "Canada", "カナダ"},
    {"BR", "Brazil", "Brasilien", "Brésil", "ブラジル"},
    {"IN", "India", "Indien", "Inde", "インド"},
    {"CN", "China", "China", "Chine", "中国"},
    {"AU", "Australia", "Australien", "Australie", "オーストラリア"},
    {"NL", "Netherlands", "Niederlande", "Pays-Bas", "オランダ"},
    {"SE", "Sweden", "Schweden", "Suède", "スウェーデン"},
    {"NO", "Norway", "Norwegen", "Norvège", "ノルウェー"},
    {"CH", "Switzerland", "Schweiz", "Suisse", "スイス"},
    {"AT", "Austria", "Österreich", "Autriche", "オーストリア"},
    {"PL", "Poland", "Polen", "Pologne", "ポーランド"},
    {"MX", "Mexico", "Mexiko", "Mexique", "メキシコ"},
    {"AR", "Argentina", "Argentinien", "Argentine", "アルゼンチン"},
    {"EG", "Egypt", "Ägypten", "Égypte", "エジプト"},
    {"KE", "Kenya", "Kenia", "Kenya", "ケニア"},
    {"ZA", "South Africa", "Südafrika", "Afrique du Sud", "南アフリカ"},
    {"NG", "Nigeria", "Nigeria", "Nigeria", "ナイジェリア"},
    {"KR", "South Korea", "Südkorea", "Corée du Sud", "韓国"},
    {"PT", "Portugal", "Portugal", "Portugal", "ポルトガル"},
    {"GR", "Greece", "Griechenland", "Grèce", "ギリシャ"},
    {"FI", "Finland", "Finnland", "Finlande", "フィンランド"},
    {"DK", "Denmark", "Dänemark", "Danemark", "デンマーク"},
    {"IE", "Ireland", "Irland", "Irlande", "アイルランド"},
}};

inline constexpr std::array<std::string_view, 12> kCompanySuffixes = {
    "Systems",      "Labs",      "GmbH",     "Industries", "S.A.",  "& Sons",
    "Technologies", "Logistics", "Partners", "AG",         "Works", "Holdings",
};

inline constexpr std::array<std::string_view, 10> kCauses = {
    "Ocean",  "Literacy", "Wildlife", "Open Source", "Heritage",
    "Health", "Music",    "Climate",  "Refugee",     "Science",
};

inline constexpr std::array<std::string_view, 8> kStreetKinds = {
    "Street", "Road", "Avenue", "Lane", "Straße", "Rue", "Way", "Platz",
};

inline constexpr std::array<std::string_view, 24> kProductAdjectives = {
    "Ultra",   "Smart",  "Compact", "Eco",    "Pro",     "Classic", "Turbo",  "Mini",
    "Deluxe",  "Silent", "Rapid",   "Solar",  "Nordic",  "Urban",   "Pocket", "Quantum",
    "Vintage", "Hyper",  "Zen",     "Rugged", "Crystal", "Fusion",  "Alpine", "Lunar",
};

inline constexpr std::array<std::string_view, 24> kProductNouns = {
    "Widget",   "Kettle",     "Headphones", "Backpack", "Lamp",    "Drone",
    "Blender",  "Keyboard",   "Camera",     "Bicycle",  "Tent",    "Watch",
    "Speaker",  "Thermostat", "Router",     "Toaster",  "Monitor", "Umbrella",
    "Notebook", "Grinder",    "Projector",  "Scooter",  "Charger", "Jacket",
};

inline constexpr std::array<std::string_view, 12> kCategories = {
    "Electronics", "Kitchen", "Outdoor", "Office", "Audio",   "Photography",
    "Sports",      "Home",    "Garden",  "Toys",   "Fashion", "Tools",
};

// Title nouns with translations, so a work's labels in several languages mean the same thing.
struct TitleNoun {
  std::string_view en, de, fr, ja;
};

inline constexpr std::array<TitleNoun, 20> kTitleNouns = {{
    {"River", "Fluss", "Rivière", "川"},  {"Mountain", "Berg", "Montagne", "山"},
    {"Night", "Nacht", "Nuit", "夜"},     {"Sea", "Meer", "Mer", "海"},
    {"Fire", "Feuer", "Feu", "火"},       {"Winter", "Winter", "Hiver", "冬"},
    {"Garden", "Garten", "Jardin", "庭"}, {"Star", "Stern", "Étoile", "星"},
    {"Forest", "Wald", "Forêt", "森"},    {"Moon", "Mond", "Lune", "月"},
    {"Light", "Licht", "Lumière", "光"},  {"Shadow", "Schatten", "Ombre", "影"},
    {"City", "Stadt", "Ville", "都市"},   {"Dream", "Traum", "Rêve", "夢"},
    {"Wind", "Wind", "Vent", "風"},       {"Rain", "Regen", "Pluie", "雨"},
    {"Snow", "Schnee", "Neige", "雪"},    {"Bird", "Vogel", "Oiseau", "鳥"},
    {"Road", "Straße", "Route", "道"},    {"Silence", "Stille", "Silence", "静寂"},
}};

inline constexpr std::array<std::string_view, 12> kGenres = {
    "fantasy",  "mystery", "science fiction", "biography", "history", "romance",
    "thriller", "poetry",  "documentary",     "comedy",    "drama",   "travel",
};

inline constexpr std::array<std::string_view, 10> kEventKinds = {
    "Conference", "Meetup", "Festival", "Workshop", "Concert",
    "Hackathon",  "Fair",   "Summit",   "Marathon", "Exhibition",
};

inline constexpr std::array<std::string_view, 12> kEventTopics = {
    "Graph",  "Jazz", "Data", "Food",  "Film",    "Robotics",
    "Design", "Book", "Wine", "Chess", "Climate", "Space",
};

// Sentences for descriptions and review bodies, by language.
inline constexpr std::array<std::string_view, 20> kEnglishSentences = {
    "Works exactly as described.",
    "The build quality is excellent and it feels sturdy.",
    "Setup took less than five minutes.",
    "Battery life could be better, but it is fine for a day of use.",
    "I bought it as a gift and my sister loves it.",
    "Not worth the price in my opinion.",
    "Customer service replied quickly and replaced the faulty part.",
    "It arrived two days late, packed in a box far too big for it.",
    "The manual calls it \"intuitive\" - it is not.",
    "After three months of daily use it still looks new.",
    "Colours are a bit duller than in the photos.",
    "Lightweight, quiet and easy to clean.",
    "The app keeps asking me to log in again.",
    "Five stars for the design, three for the software.",
    "My old one lasted ten years; let us see how this one does.",
    "Perfect for small apartments.",
    "The instructions said to copy the driver to C:\\Program Files\\Vendor and it worked.",
    "Returned it after a week.",
    "Great value for money.",
    "It does one thing, and it does it well.",
};

inline constexpr std::array<std::string_view, 10> kGermanSentences = {
    "Funktioniert genau wie beschrieben.",
    "Die Verarbeitung ist hervorragend.",
    "Der Akku hält leider nur einen halben Tag.",
    "Für den Preis völlig in Ordnung.",
    "Lieferung war schnell, die Verpackung übertrieben groß.",
    "Nach drei Monaten täglicher Nutzung sieht es noch aus wie neu.",
    "Die Bedienungsanleitung ist schwer verständlich.",
    "Größer als erwartet, aber sehr schön.",
    "Würde ich jederzeit wieder kaufen.",
    "Leise, leicht und einfach zu reinigen.",
};

inline constexpr std::array<std::string_view, 10> kFrenchSentences = {
    "Fonctionne exactement comme décrit.",
    "La qualité de fabrication est excellente.",
    "L'installation a pris moins de cinq minutes.",
    "Un peu cher pour ce que c'est.",
    "Livré avec deux jours de retard, mais en parfait état.",
    "Après trois mois d'utilisation, il est toujours comme neuf.",
    "Les couleurs sont plus ternes que sur les photos.",
    "Léger, silencieux et facile à nettoyer.",
    "Idéal pour les petits appartements.",
    "Très bon rapport qualité-prix.",
};

inline constexpr std::array<std::string_view, 10> kJapaneseSentences = {
    "説明どおりに動作します。",
    "作りがしっかりしていて満足です。",
    "設定は五分もかかりませんでした。",
    "値段の割には良い製品だと思います。",
    "配送が少し遅れましたが、問題ありません。",
    "三か月使っていますが、まだ新品のようです。",
    "写真より色が少し暗いです。",
    "軽くて静かで、掃除も簡単です。",
    "説明書が分かりにくいです。",
    "また購入したいと思います。",
};

inline constexpr std::array<std::string_view, 8> kHeadlines = {
    "Solid choice",    "Disappointed",       "Better than expected",  "Okay for the price",
    "Would buy again", "Broke after a week", "Exactly what I needed", "Mixed feelings",
};

}  // namespace cairn::bench::datagen::words
