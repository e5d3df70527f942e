import type { Knex } from 'knex';
import { blogSlug, extractHashtags, extractMentions, foldKey, groupSlug, hashtagKey } from '@mahalle/shared';
import { tallyTags } from '../../services/hashtags';
import { tallyCategories } from '../../services/categories';
import { indexEverything } from '../search/sources';
import { ESKISEHIR_PLACES } from './eskisehir-places';

/**
 * A believable demo community of Eskişehir, written into an EMPTY database in one transaction.
 * Demo accounts have no password (is_demo): nobody can sign into them.
 * Counters (likes_count, member_count...) are computed from the rows inserted, so they are true.
 */

const CITY = 'Eskişehir, Türkiye';

/** The i-th item of a list the seed wrote itself: a miss is a bug in the seed, never in the data. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`demo seed: no item ${i} in a list of ${list.length}`);
  return item;
}

const USERS = [
  ['elif_kaya', 'Elif Kaya', "Odunpazarı'nda yaşıyorum. Kitap kulübü ve fotoğraf yürüyüşleri.", ['kitap', 'fotoğraf', 'yürüyüş']],
  ['mert_demir', 'Mert Demir', 'Hafta sonları Porsuk kenarında koşuyorum. Yazılımcı.', ['koşu', 'yazılım', 'satranç']],
  ['zeynep_aydin', 'Zeynep Aydın', "Seramik atölyesi ve ev yemekleri. Sazova'nın müdavimi.", ['seramik', 'yemek', 'bahçe']],
  ['can_ozturk', 'Can Öztürk', 'Gitar çalıyorum, akustik geceler düzenliyorum.', ['müzik', 'gitar', 'kamp']],
  ['ayse_sahin', 'Ayşe Şahin', 'Emekli öğretmen. Kuş gözlemi ve botanik.', ['kuş gözlemi', 'botanik', 'kitap']],
  ['burak_yildiz', 'Burak Yıldız', 'Bisikletle şehir turu rotaları çıkarıyorum.', ['bisiklet', 'harita', 'fotoğraf']],
  ['selin_arslan', 'Selin Arslan', "Anadolu Üniversitesi'nde öğrenciyim, kutu oyunları sever.", ['kutu oyunları', 'anime', 'çizim']],
  ['emre_celik', 'Emre Çelik', 'Lületaşı ustası, el sanatları meraklısı.', ['lületaşı', 'el sanatları', 'tarih']],
  ['deniz_koc', 'Deniz Koç', 'Astronomi ve gece fotoğrafçılığı.', ['astronomi', 'fotoğraf', 'kamp']],
  ['gamze_kurt', 'Gamze Kurt', 'Vegan tarifler ve sokak hayvanları gönüllüsü.', ['yemek', 'gönüllülük', 'yoga']],
  ['omer_polat', 'Ömer Polat', 'Eski Eskişehir fotoğrafları arşivliyorum.', ['tarih', 'arşiv', 'fotoğraf']],
  ['irem_tas', 'İrem Taş', 'Satranç kulübü kurucusu, haftalık turnuvalar.', ['satranç', 'bulmaca', 'kitap']],
] as const;

const POSTS: [number, string, string][] = [
  [0, "Bu akşam Odunpazarı'nda gün batımı muhteşemdi 🌅 #Eskişehir #fotoğraf", 'Fotoğraf'],
  [1, "Pazar sabahı 08.00'de Porsuk boyunca 10K koşusu var, katılmak isteyen? #koşu #Porsuk", 'Spor'],
  [2, "Sazova'daki seramik atölyesinde yeni dönem başlıyor. Çamurla oynamayı özleyenler buraya! #seramik #sanat", 'Sanat'],
  [3, "Cuma akşamı Kentpark'ta akustik buluşma 🎸 @elif_kaya fotoğraflar sende! #müzik", 'Müzik'],
  [4, "Kent Ormanı'nda bugün 14 tür kuş saydık. Saksağanlar her yerde! #doğa #kuşgözlemi", 'Genel'],
  [5, 'Yeni bisiklet rotası: Tepebaşı → Sarıcakaya yolu, 42 km. Harita yorumda. #bisiklet #rota', 'Spor'],
  [6, 'Kutu oyunu gecesi bu cumartesi kütüphane kafede. Catan getiren kahraman olur 🎲 #oyun #kutuoyunları', 'Oyunlar'],
  [7, 'Lületaşı işleme atölyesine misafir bekliyoruz, el emeğini yakından görün. #lületaşı #elsanatları', 'Sanat'],
  [8, 'Bu gece Satürn çok net görünüyor, şehir ışıklarından uzaklaşın 🔭 #astronomi', 'Genel'],
  [9, 'Haftanın tarifi: ev yapımı çibörek, tam Eskişehir usulü 🥟 #yemek #çibörek', 'Yemek'],
  [10, 'Dedemin 1968 yapımı Adalar fotoğrafını buldum, ne kadar değişmiş! #tarih #Eskişehir', 'Fotoğraf'],
  [11, 'Satranç turnuvası kayıtları açıldı! Her seviyeden oyuncu bekliyoruz ♟️ #satranç', 'Oyunlar'],
  [0, 'Kitap kulübünde bu ay Sabahattin Ali okuyoruz. Kürk Mantolu Madonna üzerine konuşacağız. #kitap', 'Kitaplar'],
  [1, 'Yazılımcılar için ayda bir kahve buluşması yapalım mı? #teknoloji', 'Teknoloji'],
  [2, 'Balkonda domates yetiştirmek sandığımdan kolaymış 🍅 #bahçe', 'Genel'],
  [3, '@can_ozturk ile yeni şarkı üzerinde çalışıyoruz, çok yakında! #müzik', 'Müzik'],
  [4, "Porsuk'ta yaban ördekleri yavruladı, lütfen ekmek atmayalım. #doğa", 'Genel'],
  [5, 'Şehir içi bisiklet yollarının haritasını güncelledim. Eksik gördüğünüz yer var mı? #bisiklet', 'Spor'],
  [6, 'Anime izleme gecesi için salon arıyoruz, öneri? #anime', 'Sanat'],
  [7, "Eskişehir'in lületaşı müzesine gitmeyen kalmasın. Giriş ücretsiz! #lületaşı #tarih", 'Seyahat'],
  [8, 'Perseid meteor yağmuru için İnönü tarafına gidiyoruz, araçta yer var. #astronomi #kamp', 'Seyahat'],
  [9, 'Sokak hayvanları için mama bağışı toplama noktaları güncellendi. #gönüllülük', 'Genel'],
  [10, 'Eski Eskişehir fotoğrafları sergisi için fotoğraflarınızı bekliyoruz. #tarih #fotoğraf', 'Fotoğraf'],
  [11, '@mert_demir geçen haftaki rövanş maçına hazır mısın? ♟️ #satranç', 'Oyunlar'],
  [0, 'Yağmurdan sonra Odunpazarı evleri bambaşka güzel. #Eskişehir #fotoğraf', 'Fotoğraf'],
  [2, 'Met helvası tarifi isteyenler için: sabır, sabır, sabır 😄 #yemek', 'Yemek'],
  [4, 'Botanik bahçesinde lavantalar açmış. #doğa #bahçe', 'Genel'],
  [6, 'Kutu oyunu kütüphanemiz 40 oyuna ulaştı 🎉 #kutuoyunları', 'Oyunlar'],
  [9, "Yoga grubu pazartesi sabahları Sazova'da buluşuyor. #yoga #spor", 'Spor'],
  [11, 'Bulmaca sevenler: bu haftanın sorusu yorumlarda. #bulmaca', 'Eğitim'],
];

const COMMENTS = [
  'Harika olmuş, ellerine sağlık!',
  'Ben de geliyorum 🙌',
  'Çok güzel bir fikir.',
  'Nerede tam olarak?',
  'Kaçırdım, bir dahakine mutlaka!',
  'Paylaştığın için teşekkürler.',
  'Bayıldım 😍',
  'Saat kaçta başlıyor?',
];

const QUESTIONS: [number, string, string, string, string[]][] = [
  [
    1,
    "Eskişehir'de hafta sonu koşu için en iyi rota hangisi?",
    'Porsuk boyu dışında güvenli ve düz bir rota arıyorum. Önerileriniz neler?',
    'Spor',
    ['koşu', 'rota'],
  ],
  [
    6,
    'Kutu oyunu oynanabilecek sessiz kafeler?',
    'Arkadaş grubumuzla uzun oyunlar oynayabileceğimiz, bizi kovmayacak kafeler arıyoruz.',
    'Genel',
    ['oyun', 'kafe'],
  ],
  [2, 'Seramik fırını kiralayan yer var mı?', 'Evde çalışıyorum ama pişirme için fırın lazım. Saatlik kiralayan atölye biliyor musunuz?', 'Sanat', ['seramik']],
  [8, 'Şehirde ışık kirliliği en az olan nokta?', 'Teleskopla gözlem yapmak için şehre yakın karanlık bir yer öneriniz var mı?', 'Genel', ['astronomi']],
  [9, 'Vegan çibörek yapılabilir mi?', 'İçini mercimek ya da mantarla denediniz mi? Hamur tarifini de paylaşırsanız sevinirim.', 'Yemek', ['yemek', 'vegan']],
  [5, 'Bisiklet tamiri için güvenilir dükkan?', 'Vites ayarı ve fren balatası değişimi için önerdiğiniz bir usta var mı?', 'Spor', ['bisiklet']],
  [0, 'Kitap kulübü için hangi kitabı önerirsiniz?', 'Gelecek ay için tartışmaya uygun, çok uzun olmayan bir roman arıyoruz.', 'Kitaplar', ['kitap']],
  [11, 'Çocuklar için satranç kursu önerisi', 'Yedi yaşındaki kızım için başlangıç seviyesinde bir kurs arıyorum.', 'Eğitim', ['satranç', 'çocuk']],
];

const ANSWERS = [
  'Sazova Parkı çevresi sabah saatlerinde çok rahat, tavsiye ederim.',
  'Ben geçen ay denedim, gayet iyiydi. Detayları mesaj atabilirim.',
  'Kent Ormanı tarafı da güzel ama hafta sonu kalabalık olabiliyor.',
  'Anadolu Üniversitesi kampüsü de düşünülebilir, hem güvenli hem düz.',
  'Bu konuda bir grup kuralım, birlikte deneyelim!',
];

const BLOG_CATEGORIES = [
  ['Şehir Rehberi', "Eskişehir'i keşfetmek için rehberler", '#3B82F6'],
  ['Hobi', 'Hobiler üzerine yazılar', '#10B981'],
  ['Topluluk', 'Topluluktan haberler', '#F59E0B'],
] as const;

const BLOG_POSTS: [string, number, string, string, string[], boolean][] = [
  [
    "Odunpazarı'nda Bir Fotoğraf Yürüyüşü",
    0,
    'Tarihi evlerin arasında ışığı yakalamanın püf noktaları.',
    '<h2>Sabahın ilk ışıkları</h2><p>Odunpazarı evleri sabah 7 ile 9 arasında en güzel ışığı alır. Dar sokaklarda <strong>geniş açı</strong> bir objektif işinizi kolaylaştırır.</p><ul><li>Kalabalıktan önce gidin</li><li>Renkli cumbalara dikkat edin</li></ul><p>Yürüyüşümüz her ayın ilk pazarı.</p>',
    ['fotoğraf', 'Odunpazarı'],
    true,
  ],
  [
    'Porsuk Boyunca Koşu Rehberi',
    1,
    'Başlangıç seviyesinden yarı maratona kadar rotalar.',
    "<p>Porsuk Çayı kıyısı, şehrin en sevilen koşu parkurudur. Bu yazıda üç farklı rota öneriyoruz.</p><h3>5 km</h3><p>Köprülü Mecidiye'den başlayıp Sazova'ya uzanan kısa tur.</p><h3>10 km</h3><p>Kentpark dönüşlü klasik rota.</p>",
    ['koşu', 'spor'],
    true,
  ],
  [
    'Kutu Oyunlarına Yeni Başlayanlara 10 Öneri',
    6,
    'Arkadaş masasına getirebileceğiniz kolay öğrenilen oyunlar.',
    '<p>Kutu oyunları dünyasına adım atmak isteyenler için seçtiğimiz on oyun, kuralları on dakikada öğrenilebilen türden.</p><ol><li>Carcassonne</li><li>Ticket to Ride</li><li>Codenames</li></ol>',
    ['oyun', 'kutu oyunları'],
    true,
  ],
  [
    'Lületaşının Hikayesi',
    7,
    "Eskişehir'in beyaz altını nasıl işlenir?",
    '<p>Lületaşı dünyada en çok Eskişehir çevresinde çıkarılır. Yumuşak yapısı sayesinde ustalar onu incelikle oyar.</p><blockquote>Her pipo bir ustanın imzasını taşır.</blockquote>',
    ['lületaşı', 'tarih'],
    true,
  ],
  [
    'Gece Gökyüzü Gözlemi İçin Hazırlık',
    8,
    'Teleskopsuz da yapılabilecek gözlemler.',
    '<p>Şehir ışıklarından 20 km uzaklaşmak bile büyük fark yaratır. Yanınıza sıcak içecek ve kırmızı ışıklı fener almayı unutmayın.</p>',
    ['astronomi', 'kamp'],
    true,
  ],
  ['Topluluk Buluşması Notları (Taslak)', 0, 'Geçen ayki buluşmadan notlar.', '<p>Bu yazı henüz hazırlanıyor.</p>', ['topluluk'], false],
];

const GROUPS: [string, string, string, string, number, boolean][] = [
  ['Eskişehir Kitap Kulübü', "Her ay bir kitap okuyup Odunpazarı'ndaki kafede tartışıyoruz.", 'BookOpen', '#8B5CF6', 0, false],
  ['Porsuk Koşucuları', 'Sabah ve akşam koşuları, yarış hazırlıkları ve tempo grupları.', 'Dumbbell', '#059669', 1, false],
  ['Kutu Oyunu Severler', 'Haftalık oyun geceleri, turnuvalar ve oyun takası.', 'Gamepad2', '#EF4444', 6, false],
  ['Şehir Fotoğrafçıları', 'Fotoğraf yürüyüşleri, sergiler ve teknik paylaşımlar.', 'Camera', '#EC4899', 10, false],
  ['Akustik Geceler', 'Müzisyenlerin buluştuğu, birlikte çalıp söylediğimiz akşamlar.', 'Music', '#F59E0B', 3, false],
  ['Gökyüzü Gözlemcileri', 'Astronomi meraklılarının kapalı grubu: gözlem planları ve ekipman.', 'Code', '#7C3AED', 8, true],
];

const EVENTS: [number, string, string, string, string, number][] = [
  [0, 'Kitap Kulübü: Kürk Mantolu Madonna', 'Ayın kitabını tartışıyoruz, herkes davetli.', 'Odunpazarı Kitap Kafe', 'Kitap', 3],
  [1, 'Pazar Sabahı 10K', 'Porsuk boyunca tempolu koşu, sonrasında kahvaltı.', 'Köprülü Mecidiye Başlangıç', 'Spor', 5],
  [3, 'Kentpark Akustik Gece', 'Enstrümanını kap gel, birlikte çalalım.', 'Kentpark Amfi', 'Müzik', 8],
  [8, 'Perseid Gözlem Kampı', 'Meteor yağmuru için şehir dışında kamp.', 'İnönü Mağaraları yakını', 'Outdoor', 12],
  [9, 'Vegan Mutfak Atölyesi', 'Eskişehir mutfağından vegan tarifler.', 'Sazova Kültür Evi', 'Yemek', 15],
  [7, 'Lületaşı Atölyesi', 'Ustalardan lületaşı işleme gösterimi.', 'Lületaşı Müzesi', 'Sanat', 20],
];

function daysAgo(days: number, hours = 0): string {
  return new Date(Date.now() - days * 86_400_000 - hours * 3_600_000).toISOString();
}
function daysAhead(days: number, hour = 19): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour - 3, 0, 0, 0); // Türkiye is UTC+3
  return d.toISOString();
}
async function insertIds(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const out = await trx(table).insert(rows).returning('id');
  return out.map((r: number | { id: number }) => (typeof r === 'object' ? r.id : r));
}

/** Where each demo member lives (index into USERS → neighbourhood), and who may see it. */
const USER_PLACES: [string, 'nobody' | 'followers' | 'everyone'][] = [
  ['Paşa', 'everyone'],
  ['Hoşnudiye', 'everyone'],
  ['Sazova', 'everyone'],
  ['Eskibağlar', 'followers'],
  ['Vişnelik', 'everyone'],
  ['Batıkent', 'everyone'],
  ['Yenibağlar', 'followers'],
  ['Akarbaşı', 'everyone'],
  ['Çamlıca', 'nobody'],
  ['Göztepe', 'everyone'],
  ['Arifiye', 'everyone'],
  ['Bahçelievler', 'followers'],
];
/** The demo events' neighbourhoods and street addresses (same order as EVENTS). */
const EVENT_PLACES: [string, string][] = [
  ['Paşa', 'Türkmen Hoca Sk. No: 12, Odunpazarı'],
  ['Hoşnudiye', 'Porsuk Bulvarı, Hoşnudiye'],
  ['Eskibağlar', 'Kentpark Amfi Tiyatro'],
  ['Çamlıca', 'İnönü yolu, 25. km'],
  ['Sazova', 'Sazova Bilim Kültür ve Sanat Parkı'],
  ['Akarbaşı', 'Atatürk Blv. Lületaşı Müzesi'],
];

/** Eskişehir's districts and neighbourhoods (see eskisehir-places.ts); the name → ids map for the rest of the seed. */
async function seedPlaces(trx: Knex.Transaction): Promise<Map<string, { neighbourhood_id: number; district_id: number }>> {
  const districts = [...new Set(ESKISEHIR_PLACES.map((p) => p[1]))];
  const districtIds = await insertIds(
    trx,
    'districts',
    districts.map((name) => ({ name, name_key: foldKey(name) })),
  );
  const rows = ESKISEHIR_PLACES.map(([name, district, lat, lng]) => ({
    district_id: districtIds[districts.indexOf(district)],
    name,
    name_key: foldKey(name),
    lat,
    lng,
  }));
  const ids = await insertIds(trx, 'neighbourhoods', rows);
  return new Map(rows.map((r, i) => [r.name, { neighbourhood_id: nth(ids, i), district_id: Number(r.district_id) }]));
}

function placeOf(places: Map<string, { neighbourhood_id: number; district_id: number }>, name: string) {
  const place = places.get(name);
  if (!place) throw new Error(`demo seed: no neighbourhood ${name}`);
  return place;
}

export async function seedDemo(db: Knex): Promise<Record<string, number> | null> {
  const existing = await db('users').first('id');
  if (existing) return null;

  return db.transaction(async (trx) => {
    const userIds = await insertIds(
      trx,
      'users',
      USERS.map(([username, displayName, bio, hobbies], i) => ({
        username,
        username_key: foldKey(username),
        display_name: displayName,
        display_name_key: foldKey(displayName),
        email: `${username}@demo.mahalle.local`,
        email_key: foldKey(`${username}@demo.mahalle.local`),
        password_hash: null,
        is_demo: true,
        // Weeks-old neighbours with posts: members (level 1), not new ones.
        trust_level: 1,
        is_verified: i % 4 === 0,
        bio,
        location: CITY,
        hobbies: JSON.stringify(hobbies),
        created_at: daysAgo(60 - i * 3),
        updated_at: daysAgo(60 - i * 3),
      })),
    );
    const byUsername = new Map(USERS.map(([u], i) => [u, userIds[i]]));

    const categories = await trx('categories').select('id', 'name');
    const categoryId = new Map(categories.map((c: { id: number; name: string }) => [c.name, c.id]));

    // Posts, oldest first so ids grow with time.
    const postRows = POSTS.map(([author, content, category], i) => ({
      author_id: userIds[author],
      content,
      type: 'text',
      category_id: categoryId.get(category) ?? categoryId.get('Genel'),
      created_at: daysAgo(POSTS.length - i, i % 5),
      updated_at: daysAgo(POSTS.length - i, i % 5),
    }));
    const postIds = await insertIds(trx, 'posts', postRows);

    // Places: the members' neighbourhoods, and every other post carries its author's.
    const places = await seedPlaces(trx);
    for (const [i, uid] of userIds.entries()) {
      const [name, visibility] = nth(USER_PLACES, i);
      await trx('users')
        .where({ id: uid })
        .update({ neighbourhood_id: placeOf(places, name).neighbourhood_id, neighbourhood_visibility: visibility });
    }
    for (const [i, pid] of postIds.entries()) {
      if (i % 2 === 1) continue;
      const author = userIds.indexOf(Number(postRows[i]?.author_id));
      if (author >= 0)
        await trx('posts')
          .where({ id: pid })
          .update(placeOf(places, nth(USER_PLACES, author)[0]));
    }

    const hashtags: Record<string, unknown>[] = [];
    const mentions: Record<string, unknown>[] = [];
    POSTS.forEach(([, content], i) => {
      for (const tag of extractHashtags(content)) {
        hashtags.push({ post_id: postIds[i], tag: hashtagKey(tag), label: tag, created_at: nth(postRows, i).created_at });
      }
      for (const name of extractMentions(content)) {
        const uid = byUsername.get(name as (typeof USERS)[number][0]);
        if (uid) mentions.push({ post_id: postIds[i], user_id: uid });
      }
    });
    if (hashtags.length) await trx('post_hashtags').insert(hashtags);
    if (mentions.length) await trx('post_mentions').insert(mentions);
    // The counters every post write keeps (trending tags, categories' post counts): the seed writes posts directly, so it counts them too.
    await tallyTags(trx, { postIds }, 1);
    await tallyCategories(trx, { postIds }, 1);

    // Likes and comments from a deterministic spread of members.
    const likes: Record<string, unknown>[] = [];
    const comments: Record<string, unknown>[] = [];
    const likeCount = new Map<number, number>();
    const commentCount = new Map<number, number>();
    postIds.forEach((postId, i) => {
      const author = nth(POSTS, i)[0];
      const n = (i * 7) % 9;
      for (let k = 1; k <= n; k++) {
        const u = (author + k * 5) % userIds.length;
        if (u === author || likes.some((l) => l.post_id === postId && l.user_id === userIds[u])) continue;
        likes.push({ post_id: postId, user_id: userIds[u], created_at: nth(postRows, i).created_at });
        likeCount.set(postId, (likeCount.get(postId) ?? 0) + 1);
      }
      const c = i % 4;
      for (let k = 0; k < c; k++) {
        const u = (author + k + 1) % userIds.length;
        comments.push({
          post_id: postId,
          author_id: userIds[u],
          content: COMMENTS[(i + k) % COMMENTS.length],
          created_at: nth(postRows, i).created_at,
          updated_at: nth(postRows, i).created_at,
        });
        commentCount.set(postId, (commentCount.get(postId) ?? 0) + 1);
      }
    });
    if (likes.length) await trx('post_likes').insert(likes);
    if (comments.length) await trx('comments').insert(comments);
    for (const postId of postIds) {
      await trx('posts')
        .where({ id: postId })
        .update({
          likes_count: likeCount.get(postId) ?? 0,
          comments_count: commentCount.get(postId) ?? 0,
          shares_count: (postId * 3) % 5,
        });
    }

    // Follows: everyone follows the next three members.
    const follows: Record<string, unknown>[] = [];
    userIds.forEach((id, i) => {
      for (let k = 1; k <= 3; k++) follows.push({ follower_id: id, following_id: userIds[(i + k) % userIds.length], created_at: daysAgo(30) });
    });
    await trx('follows').insert(follows);

    // Questions and answers, one accepted.
    const questionIds = await insertIds(
      trx,
      'questions',
      QUESTIONS.map(([author, title, content, category, tags], i) => ({
        author_id: userIds[author],
        title,
        content,
        category,
        tags: JSON.stringify(tags),
        search_text: foldKey(`${title} ${content}`),
        views: 20 + i * 13,
        created_at: daysAgo(20 - i * 2),
        updated_at: daysAgo(20 - i * 2),
      })),
    );
    let answerTotal = 0;
    for (const [i, qid] of questionIds.entries()) {
      const count = (i % 3) + 1;
      const rows = Array.from({ length: count }, (_, k) => ({
        question_id: qid,
        author_id: userIds[(nth(QUESTIONS, i)[0] + k + 2) % userIds.length],
        content: ANSWERS[(i + k) % ANSWERS.length],
        upvotes: 0,
        created_at: daysAgo(19 - i * 2),
        updated_at: daysAgo(19 - i * 2),
      }));
      const answerIds = await insertIds(trx, 'answers', rows);
      answerTotal += answerIds.length;
      const voters = userIds.filter((_, u) => u !== nth(QUESTIONS, i)[0]).slice(0, (i % 4) + 1);
      await trx('question_votes').insert(voters.map((u) => ({ question_id: qid, user_id: u })));
      await trx('answer_votes').insert(voters.slice(0, 2).map((u) => ({ answer_id: answerIds[0], user_id: u })));
      await trx('answers')
        .where({ id: answerIds[0] })
        .update({ upvotes: Math.min(2, voters.length) });
      const accepted = i === 0 || i === 3;
      if (accepted) await trx('answers').where({ id: answerIds[0] }).update({ is_accepted: true });
      await trx('questions')
        .where({ id: qid })
        .update({
          upvotes: voters.length,
          answers_count: answerIds.length,
          is_answered: accepted,
          accepted_answer_id: accepted ? answerIds[0] : null,
        });
    }

    // Blog.
    const blogCategoryIds = await insertIds(
      trx,
      'blog_categories',
      BLOG_CATEGORIES.map(([name, description, color]) => ({ name, slug: blogSlug(name), description, color })),
    );
    const blogIds = await insertIds(
      trx,
      'blog_posts',
      BLOG_POSTS.map(([title, author, excerpt, content, tags, published], i) => ({
        author_id: userIds[author],
        title,
        slug: blogSlug(title),
        excerpt,
        content,
        tags: JSON.stringify(tags),
        category_id: blogCategoryIds[i % blogCategoryIds.length],
        published,
        views: published ? 40 + i * 25 : 0,
        meta_title: title,
        meta_description: excerpt,
        og_title: title,
        og_description: excerpt,
        published_at: published ? daysAgo(25 - i * 4) : null,
        created_at: daysAgo(25 - i * 4),
        updated_at: daysAgo(25 - i * 4),
      })),
    );
    const blogLikes = blogIds.slice(0, 5).flatMap((id, i) => userIds.slice(0, i + 2).map((u) => ({ post_id: id, user_id: u })));
    await trx('blog_likes').insert(blogLikes);
    await trx('blog_comments').insert([
      { post_id: blogIds[0], author_id: userIds[4], content: 'Bir sonraki yürüyüşe ben de katılacağım!' },
      { post_id: blogIds[0], author_id: userIds[10], content: 'Eski fotoğraflarla karşılaştırmalı bir yazı da güzel olurdu.' },
      { post_id: blogIds[1], author_id: userIds[5], content: 'Sazova rotası favorim.' },
    ]);
    for (const [i, id] of blogIds.entries()) {
      await trx('blog_posts')
        .where({ id })
        .update({
          likes_count: blogLikes.filter((l) => l.post_id === id).length,
          comments_count: i === 0 ? 2 : i === 1 ? 1 : 0,
        });
    }

    // Hobby groups with members, posts, comments and events.
    const groupIds = await insertIds(
      trx,
      'hobby_groups',
      GROUPS.map(([name, description, icon, color, creator, isPrivate], i) => ({
        name,
        slug: groupSlug(name),
        description,
        icon,
        color,
        is_private: isPrivate,
        creator_id: userIds[creator],
        created_at: daysAgo(50 - i * 4),
        updated_at: daysAgo(50 - i * 4),
      })),
    );
    let groupPostTotal = 0;
    for (const [i, gid] of groupIds.entries()) {
      const creator = nth(GROUPS, i)[4];
      const members = [creator, ...[1, 2, 3, 4].map((k) => (creator + k * (i + 1)) % userIds.length)].filter((v, idx, arr) => arr.indexOf(v) === idx);
      await trx('group_members').insert(
        members.map((m, k) => ({ group_id: gid, user_id: userIds[m], role: k === 0 ? 'admin' : 'member', created_at: daysAgo(45 - k) })),
      );
      const gpIds = await insertIds(
        trx,
        'group_posts',
        members.slice(0, 3).map((m, k) => ({
          group_id: gid,
          author_id: userIds[m],
          content: [
            `${nth(GROUPS, i)[0]} ailesine hoş geldiniz! Kendinizi tanıtın 👋`,
            'Bu haftaki buluşma için fikirlerinizi bekliyorum.',
            'Geçen etkinlik çok keyifliydi, teşekkürler herkese!',
          ][k],
          created_at: daysAgo(10 - k * 2),
          updated_at: daysAgo(10 - k * 2),
        })),
      );
      groupPostTotal += gpIds.length;
      await trx('group_post_likes').insert(members.slice(1).map((m) => ({ post_id: gpIds[0], user_id: userIds[m] })));
      await trx('group_post_comments').insert({ post_id: gpIds[0], author_id: userIds[nth(members, 1)], content: 'Merhaba, katıldığım için mutluyum!' });
      await trx('group_posts')
        .where({ id: gpIds[0] })
        .update({ likes_count: members.length - 1, comments_count: 1 });
      await trx('group_events').insert({
        group_id: gid,
        creator_id: userIds[creator],
        title: `${nth(GROUPS, i)[0]} aylık buluşması`,
        description: 'Tanışma ve planlama toplantısı.',
        date: daysAhead(4 + i * 3),
        location: i === 5 ? 'Çevrim içi' : 'Odunpazarı',
        max_attendees: 20,
        is_online: i === 5,
        meeting_link: i === 5 ? 'https://meet.example.org/gokyuzu' : null,
      });
      await trx('hobby_groups')
        .where({ id: gid })
        .update({ member_count: members.length, post_count: gpIds.length, event_count: 1, ...placeOf(places, nth(USER_PLACES, creator)[0]) });
    }

    // City events with attendees.
    const eventIds = await insertIds(
      trx,
      'events',
      EVENTS.map(([creator, title, description, location, category, days], i) => ({
        creator_id: userIds[creator],
        title,
        description,
        location,
        category,
        date: daysAhead(days, 18 + (i % 3)),
        is_featured: i < 2,
        created_at: daysAgo(7 - i),
        updated_at: daysAgo(7 - i),
      })),
    );
    for (const [i, eid] of eventIds.entries()) {
      const attendees = userIds.filter((_, u) => (u + i) % 3 === 0);
      await trx('event_attendees').insert(attendees.map((u) => ({ event_id: eid, user_id: u })));
      const [hood, address] = nth(EVENT_PLACES, i);
      await trx('events')
        .where({ id: eid })
        .update({ attendees_count: attendees.length, ...placeOf(places, hood), address });
    }
    // The search index learns the whole demo community in the same transaction, oldest first.
    await indexEverything(trx);

    return {
      users: userIds.length,
      posts: postIds.length,
      comments: comments.length,
      questions: questionIds.length,
      answers: answerTotal,
      blogPosts: blogIds.length,
      hobbyGroups: groupIds.length,
      groupPosts: groupPostTotal,
      events: eventIds.length,
    };
  });
}
