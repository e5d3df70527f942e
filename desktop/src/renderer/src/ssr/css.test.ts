import { describe, expect, it } from 'vitest';
import { styleSheetsFor, usedVarsOnly } from './css';

describe("a drawn page's style sheets", () => {
  const antd = {
    '../antd-css/core.css': '.ant-wave{color:red}',
    '../antd-css/button.css': '.ant-btn{padding:4px}',
    '../antd-css/tag.css': '.ant-tag{margin:0}',
    '../antd-css/grid.css': '.ant-row{display:flex}',
    '../antd-css/date-picker.css': '.ant-picker{width:1px}',
  };
  const sheets = styleSheetsFor(antd, [
    [null, '.app{}'],
    ['blog-content', '.blog-content img{max-width:100%}'],
  ]);

  it("takes core's and the app's always, a component's only when its classes are in the markup", () => {
    const css = sheets('<div class="x"><span class="ant-tag ant-tag-purple">#koşu</span></div>');
    expect(css).toContain('.ant-wave');
    expect(css).toContain('.app{}');
    expect(css).toContain('.ant-tag{');
    expect(css).not.toContain('.ant-btn');
    expect(css).not.toContain('.ant-row');
    expect(css).not.toContain('blog-content');
  });

  it('knows the components whose root class is not their file name', () => {
    const css = sheets('<button class="ant-btn ant-btn-primary"></button><div class="ant-col ant-col-12"></div><div class="blog-content"></div>');
    expect(css).toContain('.ant-btn{');
    expect(css).toContain('.ant-row{');
    expect(css).toContain('.blog-content img');
    expect(css).not.toContain('.ant-picker');
  });
});

describe("antd's run-time rules, cut to what the page reads", () => {
  const antdCss =
    '.mahalle-theme{--ant-color-link:#6d28d9;--ant-color-primary:var(--ant-purple-6);--ant-purple-6:#6d28d9;--ant-unused:1px;--ant-also-unused:2px}' +
    '.anticon{color:var(--ant-icon-color)}.mahalle-theme{--ant-icon-color:inherit}.mahalle-theme.ant-btn-css-var{--ant-btn-only:1px}';

  it('keeps the properties used, and those they read in turn, and every ordinary rule', () => {
    const css = usedVarsOnly(antdCss, '.ant-btn{color:var(--ant-color-primary)} <a style="color:var(--ant-color-link)">');
    expect(css).toContain('--ant-color-primary:var(--ant-purple-6)');
    expect(css).toContain('--ant-purple-6:#6d28d9');
    expect(css).toContain('--ant-color-link:#6d28d9');
    // What antd's own rules read stays too.
    expect(css).toContain('.anticon{color:var(--ant-icon-color)}');
    expect(css).toContain('--ant-icon-color:inherit');
    expect(css).not.toContain('--ant-unused');
    expect(css).not.toContain('--ant-also-unused');
    // A block left with nothing goes.
    expect(css).not.toContain('ant-btn-css-var');
  });
});
