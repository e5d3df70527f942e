// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './paste';

describe('cleanPastedHtml', () => {
  it('turns Word list paragraphs into lists without their typed bullets, and drops Office tags, styles and comments', () => {
    const word = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>
      <!--StartFragment--><p class="MsoNormal">Giriş<o:p></o:p></p>
      <p class="MsoListParagraphCxSpFirst" style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">·<span>&nbsp;&nbsp;</span></span>Çay</p>
      <p class="MsoListParagraphCxSpLast" style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">·<span>&nbsp;</span></span>Simit</p>
      <p class="MsoListParagraphCxSpFirst"><span style="mso-list:Ignore">1.<span> </span></span>Bir</p>
      <p class="MsoListParagraphCxSpLast"><span style="mso-list:Ignore">2.<span> </span></span>İki</p><!--EndFragment--></body></html>`;
    const out = cleanPastedHtml(word);
    expect(out).not.toMatch(/<o:p|<!--|<style|·|1\.|2\./);
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect([...doc.querySelectorAll('ul > li')].map((li) => li.textContent?.trim())).toEqual(['Çay', 'Simit']);
    expect([...doc.querySelectorAll('ol > li')].map((li) => li.textContent?.trim())).toEqual(['Bir', 'İki']);
    expect(doc.querySelector('p')?.textContent).toBe('Giriş');
  });

  it("keeps a web page's structure but not its scripts, frames, handlers, local images or script links", () => {
    const page =
      '<h1>Başlık</h1><h6>Küçük</h6><p onclick="x()">Metin <a href="javascript:alert(1)">kötü</a> <a href="https://ornek.com">iyi</a></p>' +
      '<script>alert(2)</script><iframe src="https://kotu.example"></iframe><img src="file:///C:/a.png"><img src="data:image/png;base64,AAAA">' +
      '<img src="https://ornek.com/a.png" onerror="alert(3)"><img src="/uploads/b.png">';
    const out = cleanPastedHtml(page);
    expect(out).not.toMatch(/script|iframe|onclick|onerror|javascript:|file:|data:|<h1|<h6/i);
    expect(out).toContain('<h2>Başlık</h2>');
    expect(out).toContain('<h4>Küçük</h4>');
    expect(out).toContain('kötü');
    expect(out).toContain('<a href="https://ornek.com">iyi</a>');
    expect(out).toContain('<img src="https://ornek.com/a.png">');
    expect(out).toContain('<img src="/uploads/b.png">');
  });

  it("leaves Google Docs' bold spans for the editor's own parse rules", () => {
    const gdocs = '<b style="font-weight:normal;" id="docs-internal-guid-1"><p><span style="font-weight:700">Kalın</span> düz</p></b>';
    expect(cleanPastedHtml(gdocs)).toContain('<span style="font-weight:700">Kalın</span>');
  });
});
