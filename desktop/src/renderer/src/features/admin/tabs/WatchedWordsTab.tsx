import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { TEXTS, WATCHED_WORD_ACTIONS, type WatchedWord, type WatchedWordAction } from '@mahalle/shared';
import { errorMessage } from '../../../api/client';
import { useCreateWatchedWord, useDeleteWatchedWord, useImportWatchedWords, useUpdateWatchedWord, useWatchedWords } from '../../../api/watched-words';
import { useApp } from '../../../components/LazyFeedback';
import { CsvImportResult, csvImportFailure, type CsvImportOutcome } from '../CsvImportResult';

const W = TEXTS.watchedWords;
const ACTION_COLORS: Record<WatchedWordAction, string> = { block: 'red', require_approval: 'orange', flag: 'gold', censor: 'blue' };
const actionOptions = WATCHED_WORD_ACTIONS.map((a) => ({ value: a, label: W.actions[a], title: W.actionHelp[a] }));

/** A CSV cell, quoted when it holds a separator, a quote or a line break. */
const cell = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The list as the import reads it back: `word,action` with the action codes. */
function exportCsv(words: WatchedWord[]) {
  const text = ['word,action', ...words.map((w) => `${cell(w.word)},${w.action}`)].join('\n');
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}\n`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'izlenen-kelimeler.csv';
  a.click();
  URL.revokeObjectURL(url);
}

function ImportCard() {
  const [csv, setCsv] = useState('');
  const [replace, setReplace] = useState(false);
  const [result, setResult] = useState<CsvImportOutcome | null>(null);
  const run = useImportWatchedWords();
  const submit = async () => {
    try {
      const r = await run.mutateAsync({ csv, replace });
      setResult({ ok: W.imported(r.created, r.updated) });
    } catch (err) {
      setResult(csvImportFailure(err, W.importInvalid));
    }
  };
  return (
    <Card title={W.importCsv} size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{W.importHeader}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <label className="ant-btn ant-btn-default" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer', width: 'fit-content' }}>
          <UploadOutlined /> {W.importCsv}
          <input
            type="file"
            accept=".csv,text/csv"
            data-testid="watched-words-csv-file"
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </label>
        <Input.TextArea rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} aria-label={W.importCsv} placeholder="word,action" />
        <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)}>
          {W.importReplace}
        </Checkbox>
        <Button type="primary" onClick={() => void submit()} loading={run.isPending} disabled={!csv.trim()}>
          {W.importCsv}
        </Button>
        <CsvImportResult outcome={result} testId="watched-words-import" />
      </Space>
    </Card>
  );
}

type Fields = { word: string; action: WatchedWordAction };

/** İzlenen kelimeler: the list with its action per word, add, edit, remove, CSV import and export. */
export default function WatchedWordsTab() {
  const { message, modal } = useApp();
  const list = useWatchedWords();
  const create = useCreateWatchedWord();
  const update = useUpdateWatchedWord();
  const remove = useDeleteWatchedWord();
  const [editing, setEditing] = useState<WatchedWord | 'new' | null>(null);
  const [form] = Form.useForm<Fields>();
  const words = list.data ?? [];

  const open = (w: WatchedWord | 'new') => {
    setEditing(w);
    form.setFieldsValue(w === 'new' ? { word: '', action: 'block' } : { word: w.word, action: w.action });
  };
  const save = async () => {
    const values = await form.validateFields();
    try {
      if (editing === 'new') await create.mutateAsync(values);
      else if (editing) await update.mutateAsync({ id: editing.id, body: values });
      setEditing(null);
      void message.success(W.saved);
    } catch (err) {
      void message.error(errorMessage(err, TEXTS.errors.validation));
    }
  };

  return (
    <div data-testid="watched-words-tab">
      <Typography.Paragraph type="secondary">{W.intro}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => open('new')}>
          {W.add}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => exportCsv(words)} disabled={words.length === 0}>
          {W.exportCsv}
        </Button>
        <Typography.Text type="secondary">{W.count(words.length)}</Typography.Text>
      </Space>
      <Table<WatchedWord>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={words}
        locale={{ emptyText: W.empty }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: W.word, dataIndex: 'word', sorter: (a, b) => a.word.localeCompare(b.word, 'tr') },
          {
            title: W.action,
            dataIndex: 'action',
            filters: actionOptions.map((o) => ({ text: o.label, value: o.value })),
            onFilter: (value, w) => w.action === value,
            render: (a: WatchedWordAction) => (
              <Tag color={ACTION_COLORS[a]} title={W.actionHelp[a]}>
                {W.actions[a]}
              </Tag>
            ),
          },
          {
            key: 'actions',
            width: 180,
            render: (_: unknown, w) => (
              <Space>
                <Button size="small" onClick={() => open(w)}>
                  {W.edit}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: W.removeConfirm,
                      content: w.word,
                      okButtonProps: { danger: true },
                      okText: W.remove,
                      onOk: async () => {
                        await remove.mutateAsync(w.id);
                        void message.success(W.removed);
                      },
                    })
                  }
                >
                  {W.remove}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ImportCard />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? W.add : W.edit}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={create.isPending || update.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="word" label={W.word} rules={[{ required: true, whitespace: true, message: W.wordRequired }]}>
            <Input maxLength={100} autoFocus placeholder="sog*" />
          </Form.Item>
          <Form.Item name="action" label={W.action}>
            <Select options={actionOptions.map((o) => ({ value: o.value, label: `${o.label}: ${o.title}` }))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
