import type { LegalMessages } from './de.ts';

export const legalTr: LegalMessages = {
  agb: {
    intro: '{{organisation}} tarafından bu portal üzerinden ön ödemeli ürün alımına ilişkin genel iş koşulları.',
    sections: {
      scope: {
        heading: '1. Kapsam',
        body: 'Bu koşullar, {{organisation}} (bundan sonra “sağlayıcı”) ile bu portal üzerinden ön ödemeli ürün satın alan ticari müşteriler arasındaki tüm sözleşmeler için geçerlidir. Portal yalnızca Alman Medeni Kanunu (BGB) § 14 anlamında işletmelere yöneliktir. Müşterinin farklı koşulları ancak sağlayıcının yazılı onayıyla geçerli olur.',
      },
      contract: {
        heading: '2. Müşteri hesabı ve sözleşmenin kurulması',
        body: 'Portalın kullanımı, sağlayıcı tarafından etkinleştirilmiş bir müşteri hesabı gerektirir. Bir ürün için satış sözleşmesi, müşteri siparişi portalda tamamladığında ve portal işlemin gerçekleştiğini onayladığında kurulur.',
      },
      prices: {
        heading: '3. Fiyatlar ve ödeme',
        body: 'Sipariş anında portalda gösterilen fiyatlar ve indirimler geçerlidir. Alımlar müşteri hesabının bakiyesinden düşülür. Tanınan kredi, kararlaştırılan kredi limitine kadar kullanılabilir ve fatura uyarınca ödenmelidir.',
      },
      delivery: {
        heading: '4. Dijital ürünlerin teslimi',
        body: 'PIN’ler, kupon kodları, biletler ve yüklemeler satın alımın hemen ardından elektronik olarak sağlanır. Teslimden itibaren kodların güvenli şekilde saklanması ve iletilmesinden müşteri sorumludur.',
      },
      claims: {
        heading: '5. Şikâyetler',
        body: 'Çalışmayan kodlar gecikmeksizin, en geç satın alımdan sonraki 14 gün içinde portalın şikâyet işlevi üzerinden bildirilmelidir. Haklı şikâyetler yeni kod veya alacak dekontu ile giderilir. Teslim edilmiş ve çalışan kodlar iade edilemez.',
      },
      liability: {
        heading: '6. Sorumluluk',
        body: 'Sağlayıcı; kast ve ağır ihmal hâlinde ve hayata, vücuda veya sağlığa zarar verilmesi durumunda sınırsız sorumludur. Hafif ihmal hâlinde yalnızca temel sözleşme yükümlülüklerinin ihlalinden ve öngörülebilir, sözleşmeye özgü zararla sınırlı olarak sorumludur.',
      },
      final: {
        heading: '7. Son hükümler',
        body: 'BM Satış Sözleşmesi hariç olmak üzere Almanya Federal Cumhuriyeti hukuku uygulanır. Yasal olarak izin verildiği ölçüde yetkili mahkeme sağlayıcının merkezinin bulunduğu yerdir. Bir hükmün geçersiz olması hâlinde diğer hükümler geçerliliğini korur.',
      },
    },
  },
  terms: {
    intro: '{{organisation}} portalının kullanım koşulları.',
    sections: {
      access: {
        heading: '1. Erişim',
        body: 'Portalı yalnızca etkinleştirilmiş kullanıcılar kullanabilir. Her kullanıcı kendi kişisel erişim bilgileriyle giriş yapar. Yeni cihazlardan yapılan girişler kodla doğrulama veya bir yöneticinin onayını gerektirebilir.',
      },
      credentials: {
        heading: '2. Erişim bilgileri',
        body: 'Şifreler ve doğrulama kodları gizli tutulmalı ve başkalarıyla paylaşılmamalıdır. Kötüye kullanım şüphesinde şifre derhal değiştirilmeli ve destek ekibi bilgilendirilmelidir.',
      },
      use: {
        heading: '3. İzin verilen kullanım',
        body: 'Portal yalnızca kendi ticari faaliyetiniz için kullanılabilir. Otomatik toplu sorgular, güvenlik mekanizmalarını aşma girişimleri ve başkalarına ait verilere erişim yasaktır.',
      },
      availability: {
        heading: '4. Erişilebilirlik',
        body: 'Sağlayıcı yüksek erişilebilirlik için çaba gösterir. Bakım çalışmaları mümkün olduğunca olağan çalışma saatleri dışında yapılır ve önceden duyurulur.',
      },
      suspension: {
        heading: '5. Oturumlar ve erişimin askıya alınması',
        body: 'Güvenlik nedeniyle bir oturum, üç saat işlem yapılmadığında otomatik olarak sona erer. Bu koşulların ihlali veya ödeme gecikmesi durumunda erişim tamamen ya da kısmen askıya alınabilir.',
      },
      privacy: {
        heading: '6. Veri koruma',
        body: 'Kişisel veriler yalnızca sözleşmenin yürütülmesi ve portalın korunması amacıyla işlenir; özellikle yetkisiz erişimleri tespit etmek için giriş zamanları, IP adresleri ve cihaz bilgileri kullanılır.',
      },
    },
  },
  impressum: {
    intro: 'Alman Dijital Hizmetler Kanunu (DDG) § 5 uyarınca bilgiler',
    sections: {
      provider: {
        heading: 'Sağlayıcı',
        body: 'Bu portal {{organisation}} tarafından işletilmektedir. İçerikten {{organisation}} sorumludur.',
      },
      disputes: {
        heading: 'Uyuşmazlıkların çözümü',
        body: 'Portal yalnızca işletmelere yöneliktir. Bir tüketici hakem kurulu önündeki uyuşmazlık çözüm süreçlerine katılmaya istekli veya yükümlü değiliz.',
      },
      content: {
        heading: 'İçerik sorumluluğu',
        body: 'Bu portalın içeriği büyük bir özenle hazırlanmıştır. Ancak içeriğin doğruluğu, eksiksizliği ve güncelliği konusunda garanti veremeyiz.',
      },
      copyright: {
        heading: 'Telif hakkı ve markalar',
        body: 'Bu portaldaki metinler, görseller ve tasarım telif hakkıyla korunmaktadır. Ürün adları ve logolar ilgili hak sahiplerinin markalarıdır.',
      },
    },
  },
};
