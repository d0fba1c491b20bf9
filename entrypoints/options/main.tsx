import { createRoot } from 'react-dom/client';
import '@/components/theme.css';
import '@/components/options/options.css';
import { OptionsPage } from '@/components/options/OptionsPage';

createRoot(document.getElementById('root')!).render(<OptionsPage />);
