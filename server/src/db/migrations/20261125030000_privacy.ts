import type { Knex } from 'knex';
import { userRef } from './helpers';

/**
 * KVKK: the legal texts (every published version kept), the members' consent to them
 * (one row per member per version), data exports prepared in the background, and deletions a
 * member scheduled for after the grace period. Version 1 of both texts is written here, so every
 * community (and the demo) starts with them; the organiser edits them in the admin panel.
 * This migration's own copy of the texts: a landed migration never changes.
 */

const TERMS_TITLE = 'Kullanım Koşulları';
const TERMS_BODY = `Bu koşullar, bu Mahalle topluluğunu (bundan sonra "platform") kullanan herkes için geçerlidir. Platform, şehrimizde yaşayan komşuların tanışması, paylaşması ve birlikte etkinlik düzenlemesi için kurulmuş gönüllü bir topluluk alanıdır ve topluluk yöneticisi (organizatör) tarafından işletilir.

## Üyelik
- Üye olmak için 13 yaşını doldurmuş olmanız ve gerçeğe uygun bilgi vermeniz gerekir.
- Hesabınızın ve şifrenizin güvenliğinden siz sorumlusunuz; şifrenizi kimseyle paylaşmayın.
- Hesabınızı dilediğiniz zaman Ayarlar > Gizlilik ve veriler bölümünden silebilirsiniz.

## Paylaşım kuralları
- Komşularınıza saygılı olun: hakaret, taciz, nefret söylemi, tehdit ve ayrımcılık yasaktır.
- Başkalarının kişisel verilerini (adres, telefon, fotoğraf) izinleri olmadan paylaşmayın.
- Yasa dışı içerik, reklam ve istenmeyen toplu mesaj (spam) paylaşmayın.
- Paylaştığınız içerikten siz sorumlusunuz; telif hakkı size ait olmayan görselleri paylaşmayın.

## Moderasyon
Topluluk yöneticileri bu kurallara aykırı içerikleri gizleyebilir ya da kaldırabilir, gerekli durumlarda hesapları askıya alabilir veya silebilir. Uygunsuz gördüğünüz içerikleri "Bildir" seçeneğiyle yöneticilere iletebilirsiniz.

## Sorumluluğun sınırı
Platform gönüllülük esasıyla ve "olduğu gibi" sunulur. Üyeler arasında kararlaştırılan buluşma, alışveriş ve yardımlaşmalardan taraflar kendileri sorumludur.

## Değişiklikler
Bu koşullar güncellendiğinde platforma bir sonraki girişinizde yeni metni onaylamanız istenir.`;

const PRIVACY_TITLE = 'Kişisel Verilerin Korunması Aydınlatma Metni';
const PRIVACY_BODY = `6698 sayılı Kişisel Verilerin Korunması Kanunu ("KVKK") uyarınca, bu Mahalle topluluğunda işlenen kişisel verileriniz hakkında sizi bilgilendirmek isteriz.

## Veri sorumlusu
Kişisel verileriniz, bu platformu işleten topluluk yöneticisi (organizatör) tarafından veri sorumlusu sıfatıyla işlenir. Platform kendi sunucumuzda barındırılır; verileriniz üçüncü kişilere satılmaz.

## İşlenen veriler
- Kimlik ve iletişim: ad soyad, kullanıcı adı, e-posta adresi.
- Profil: profil fotoğrafı, biyografi, konum, web sitesi, hobiler (yalnızca siz eklerseniz).
- Paylaşımlar: gönderiler, görseller, videolar, yorumlar, sorular, cevaplar, blog yazıları, grup gönderileri, etkinlikler.
- İletişim: özel mesajlarınız, bildirimleriniz, takip ilişkileriniz.
- İşlem güvenliği: oturum kayıtları, IP adresi, tarayıcı bilgisi, şifrenizin geri döndürülemez özeti.

## İşleme amaçları ve hukuki sebepler
- Üyeliğinizi oluşturmak ve topluluk hizmetini sunmak (KVKK md. 5/2-c, sözleşmenin ifası).
- Hesap ve platform güvenliğini sağlamak, kötüye kullanımı önlemek (md. 5/2-f, meşru menfaat).
- Şikâyetleri incelemek ve yasal yükümlülükleri yerine getirmek (md. 5/2-ç).
- Açık rızanızın gerektiği durumlarda yalnızca rızanıza dayanarak.

## Aktarım
Verileriniz yurt içinde, platformun kendi sunucusunda saklanır. Yalnızca yasal bir zorunluluk halinde yetkili kamu kurumlarına aktarılabilir.

## Saklama süresi
Verileriniz üyeliğiniz boyunca saklanır. Hesabınızı silmek istediğinizde 14 günlük bekleme süresinin ardından kişisel içeriğiniz silinir; başkalarının da katkıda bulunduğu içerikler (sorular, cevaplar, blog yazıları, gruplar) "Silinmiş kullanıcı" adıyla kalır. Güvenlik kayıtları en fazla 2 yıl saklanır.

## KVKK md. 11 kapsamındaki haklarınız
Veri sorumlusuna başvurarak;
- kişisel verilerinizin işlenip işlenmediğini öğrenme ve işlenmişse bilgi talep etme,
- işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,
- yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,
- eksik veya yanlış işlenmişse düzeltilmesini isteme,
- KVKK md. 7 çerçevesinde silinmesini veya yok edilmesini isteme,
- düzeltme ve silme işlemlerinin aktarılan üçüncü kişilere bildirilmesini isteme,
- münhasıran otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonucun ortaya çıkmasına itiraz etme,
- kanuna aykırı işlenmesi sebebiyle zarara uğramanız halinde zararın giderilmesini talep etme
haklarına sahipsiniz.

Verilerinizin bir kopyasını Ayarlar > Gizlilik ve veriler > "Verilerimi indir" ile, hesabınızın silinmesini "Hesabımı sil" ile kendiniz başlatabilirsiniz.

## İletişim
Sorularınız ve başvurularınız için platform yöneticilerine site içi mesajla ya da topluluğun duyurduğu e-posta adresinden ulaşabilirsiniz. Başvurularınız en geç 30 gün içinde ücretsiz olarak yanıtlanır.`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('legal_documents', (t) => {
    t.increments('id').primary();
    t.string('kind', 10).notNullable(); // terms | privacy
    t.integer('version').notNullable();
    t.string('title', 120).notNullable();
    t.text('body').notNullable();
    userRef(t, 'published_by', 'SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['kind', 'version']);
  });

  await knex.schema.createTable('consents', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE');
    t.integer('document_id').unsigned().notNullable().references('legal_documents.id');
    t.string('kind', 10).notNullable();
    t.integer('version').notNullable();
    t.timestamp('accepted_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'kind', 'version']);
    t.index(['document_id']);
  });

  await knex.schema.createTable('data_exports', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE');
    t.string('status', 10).notNullable(); // pending | ready | failed
    t.string('file_name', 100).nullable();
    t.bigInteger('size').nullable();
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.timestamp('claimed_at', { useTz: true }).nullable();
    t.timestamp('ready_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.index(['user_id', 'id']);
    t.index(['status', 'id']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('account_deletions', (t) => {
    userRef(t, 'user_id', 'CASCADE').primary();
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.timestamp('delete_at', { useTz: true }).notNullable();
    t.index(['delete_at', 'user_id']);
  });

  const now = new Date().toISOString();
  await knex('legal_documents').insert([
    { kind: 'terms', version: 1, title: TERMS_TITLE, body: TERMS_BODY, published_by: null, created_at: now },
    { kind: 'privacy', version: 1, title: PRIVACY_TITLE, body: PRIVACY_BODY, published_by: null, created_at: now },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_deletions');
  await knex.schema.dropTable('data_exports');
  await knex.schema.dropTable('consents');
  await knex.schema.dropTable('legal_documents');
}
