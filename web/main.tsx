import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/route-table';
import { ScrollOnNavigate } from './app/scroll-on-navigate';
import { keepFirstScreen } from './lib/first-screen';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
keepFirstScreen(container);

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <ScrollOnNavigate />
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
