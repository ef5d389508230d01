import Spin from 'antd/es/spin';

/** Full-area spinner while a lazy page or its translations load. */
export function PageSpinner() {
  return (
    <div style={{ display: 'flex', minHeight: '60vh', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
