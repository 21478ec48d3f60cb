import { RichTextEditor } from '../../../ui/rich-text-editor.js';
import { FormSection } from '../content-form-parts.js';
import { ImageField } from '../image-field.js';
import { newRowKey, SortableList } from '../sortable-list.js';

/** A block as typed; its order is its place in the list. */
export type BlockDraft = { key: string; content: string; media_id: number | null };

/** The page's content blocks (content and image), saved together with `PUT pages/{id}/blocks`. */
export function PageBlocksEditor({
  blocks,
  onChange,
  errorOf,
}: {
  blocks: BlockDraft[];
  onChange: (blocks: BlockDraft[]) => void;
  errorOf: (path: string) => string | undefined;
}) {
  const set = (index: number, patch: Partial<BlockDraft>) => onChange(blocks.map((block, at) => (at === index ? { ...block, ...patch } : block)));
  return (
    <FormSection title="Page blocks" id="blocks">
      {blocks.length === 0 ? (
        <p className="muted">No blocks yet.</p>
      ) : (
        <SortableList items={blocks} label="Page blocks" onReorder={onChange}>
          {(block, index, handle) => {
            const label = `Block ${index + 1}`;
            return (
              <div className="row-card">
                <div className="row-card-header">
                  {handle}
                  <h3>{label}</h3>
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button small danger"
                      aria-label={`Remove ${label.toLowerCase()}`}
                      onClick={() => onChange(blocks.filter((_, at) => at !== index))}
                    >
                      Remove
                    </button>
                  </span>
                </div>
                <RichTextEditor
                  label={`${label} content`}
                  value={block.content}
                  error={errorOf(`blocks.${index}.content`)}
                  onChange={(content) => set(index, { content })}
                />
                <ImageField
                  label={`${label} image`}
                  value={block.media_id}
                  error={errorOf(`blocks.${index}.media_id`)}
                  onChange={(media_id) => set(index, { media_id })}
                />
              </div>
            );
          }}
        </SortableList>
      )}
      <button type="button" className="button" onClick={() => onChange([...blocks, { key: newRowKey(), content: '', media_id: null }])}>
        Add block
      </button>
    </FormSection>
  );
}
