import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  ColorPicker,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  List,
  Menu,
  message,
  Modal,
  notification,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Slider,
  Space,
  Spin,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  TimePicker,
  Tooltip,
  Tree,
  Typography,
  Upload,
} from 'antd';
import { themeTokens, type ThemeMode } from './theme';

/**
 * Every antd component the app uses, and those they draw inside themselves (a table's pagination, a modal's buttons, a
 * dropdown's menu), each rendered once so that antd registers its styles. Popups are drawn as their panels (antd's
 * `_InternalPanelDoNotUseOrYouWillBeFired`, what antd's own static extraction renders): a portal draws nothing here.
 */
export function everyComponent(): ReactNode {
  const internal = <T,>(c: T) =>
    (c as unknown as { _InternalPanelDoNotUseOrYouWillBeFired: React.ComponentType<Record<string, unknown>> })._InternalPanelDoNotUseOrYouWillBeFired;
  const ModalPanel = internal(Modal);
  const PopoverPanel = internal(Popover);
  const TooltipPanel = internal(Tooltip);
  const PopconfirmPanel = internal(Popconfirm);
  const DropdownPanel = internal(Dropdown);
  const SelectPanel = internal(Select);
  const DatePanel = internal(DatePicker);
  const TimePanel = internal(TimePicker);
  const ColorPanel = internal(ColorPicker);
  const MessagePanel = internal(message);
  const NotificationPanel = internal(notification);
  return (
    <>
      <Alert title="a" />
      <Badge count={1} />
      <Badge.Ribbon text="a" />
      <Button>a</Button>
      <Card title="a" loading />
      <Card title="a" tabList={[{ key: 'a', label: 'a' }]} />
      <Checkbox />
      <Checkbox.Group options={['a']} />
      <Row>
        <Col span={1} />
      </Row>
      <Collapse items={[{ key: 'a', label: 'a', children: 'a' }]} />
      <ColorPicker />
      <ColorPanel />
      <DatePicker />
      <DatePicker.RangePicker />
      <DatePanel />
      <TimePicker />
      <TimePanel />
      <Descriptions items={[{ key: 'a', label: 'a', children: 'a' }]} />
      <Divider />
      <Drawer open getContainer={false} title="a">
        a
      </Drawer>
      <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}>
        <span />
      </Dropdown>
      <DropdownPanel menu={{ items: [{ key: 'a', label: 'a' }] }} />
      <Menu items={[{ key: 'a', label: 'a' }]} />
      <Empty />
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      <Form>
        <Form.Item label="a" help="a" validateStatus="error">
          <Input />
        </Form.Item>
      </Form>
      <Image src="a" />
      <Input />
      <Input.TextArea />
      <Input.TextArea showCount maxLength={1} />
      <Input.Search />
      <Input.Password />
      <Input.OTP />
      <InputNumber />
      <List dataSource={['a']} renderItem={(a) => <List.Item>{a}</List.Item>} pagination={{}} />
      <ModalPanel />
      <ModalPanel type="confirm" title="a" />
      <MessagePanel content="a" />
      <NotificationPanel title="a" />
      <Pagination total={100} />
      <PopconfirmPanel title="a" />
      <PopoverPanel title="a" content="a" />
      <Progress percent={1} />
      <Progress type="circle" percent={1} />
      <Radio />
      <Radio.Group options={['a']} optionType="button" />
      <Result title="a" />
      <Segmented options={['a']} />
      <Select />
      <SelectPanel />
      <Skeleton />
      <Skeleton.Button />
      <Skeleton.Input />
      <Skeleton.Avatar />
      <Skeleton.Image />
      <Slider />
      <Space />
      <Space.Compact>
        <Input />
        <Button />
      </Space.Compact>
      <Spin />
      <Statistic value={1} />
      <Switch />
      <Table
        columns={[{ key: 'a', title: 'a', dataIndex: 'a', sorter: true, filters: [{ text: 'a', value: 'a' }] }]}
        dataSource={[{ key: 'a', a: 'a' }]}
        rowSelection={{}}
      />
      <Tabs items={[{ key: 'a', label: 'a', children: 'a' }]} />
      <Tag>a</Tag>
      <Tag.CheckableTag checked>a</Tag.CheckableTag>
      <TooltipPanel title="a" />
      <Tree checkable treeData={[{ key: 'a', title: 'a', children: [{ key: 'b', title: 'b' }] }]} />
      <Typography.Title>a</Typography.Title>
      <Typography.Text>a</Typography.Text>
      <Typography.Paragraph>a</Typography.Paragraph>
      <Typography.Link>a</Typography.Link>
      <Upload />
      <Upload.Dragger />
    </>
  );
}

/** The antd folder whose `style/` modules register a style (by the component name its cache path starts with). */
const FOLDERS: Record<string, string> = { ColorPicker: 'color-picker', DatePicker: 'date-picker', InputNumber: 'input-number' };
/** Styles every page needs whatever it draws (the reset under each component's root class, icons, the click wave). */
const CORE = new Set(['Shared', 'ant-design-icons', 'Wave']);

/**
 * The CSS that antd's CSS-in-JS writes for every component the app uses under a mode's theme, by antd folder (`core`
 * for what every page needs): its rules only, not the theme's values (antd writes those as CSS variables at runtime, for
 * the mode in force).
 */
export function antdStylesOf(mode: ThemeMode): Record<string, string> {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={themeTokens(mode)}>{everyComponent()}</ConfigProvider>
    </StyleProvider>,
  );
  const groups = new Map<string, string[]>();
  for (const key of cache.cache.keys()) {
    if (!key.startsWith('style%')) continue;
    const name = key.split('%').find((part) => CORE.has(part) || /^[A-Z]/.test(part)) ?? '';
    const component = name.split('-')[0]!;
    const folder = CORE.has(name) || CORE.has(component) ? 'core' : (FOLDERS[component] ?? component.toLowerCase());
    if (!folder) throw new Error(`antd style without a component name: ${key}`);
    groups.set(folder, [...(groups.get(folder) ?? []), key]);
  }
  const out: Record<string, string> = {};
  for (const [folder, keys] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    // One folder's entries as a cache of their own (each file carries the keyframes its rules use), without the cache
    // path map antd appends for server-side rendering.
    const part = { ...cache, cache: new Map(keys.map((k) => [k, cache.cache.get(k)!])), extracted: new Set<string>() } as typeof cache;
    out[folder] = extractStyle(part, { plain: true, types: ['style'] }).replace(/\.data-ant-cssinjs-cache-path\{[^}]*\}/, '');
  }
  return out;
}

/** What desktop/scripts/antd-styles.ts writes to antd-css/: each folder's rules (the same in both modes, see the test). */
export function antdCssFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(antdStylesOf('light')).map(([folder, css]) => [
      `${folder}.css`,
      `/* Written by desktop/scripts/antd-styles.ts: antd's rules for ${folder === 'core' ? 'every page' : `antd/es/${folder}`} (see antd-styles.tsx). */\n${css}\n`,
    ]),
  );
}
